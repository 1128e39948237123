import { foldText } from './normalize-name';

// Common Turkish given names. Turks with two given names often go by the second one ("Eser
// Merve" is Merve to her friends), unlike an English middle name or a Spanish compound name
// (José Antonio), so a second given name found here may stand alone.
const turkishGivenNames = `
  Abdullah Abdurrahman Adem Adnan Ahmet Akın Alp Alper Alparslan Ali Alican Alperen Arda Arif 
  Atakan Atilla Aydın Aykut Aytaç Ayhan Bahadır Baran Barış Batuhan Bayram Berat Berk Berkay Bilal
  Burak Burhan Bülent Can Caner Celal Celil Cem Cemal Cemil Cengiz Cihan Cumali Cüneyt Çağlar Çağrı
  Davut Deniz Doğanay Doğukan Ebubekir Efe Egemen Ekrem Emin Emir Emirhan Emre Ender Enes Engin
  Enver Erdal Erdem Erdoğan Eren Ergün Erhan Erkan Ersin Ertan Ertuğrul Erol Eyüp Fahri Faruk Fatih
  Ferhat Ferit Fikret Furkan Gökay Gökhan Güven Hakan Halil Halit Hamza Harun Hasan Haydar Hikmet
  Hüseyin Hulusi Ilhan İbrahim İhsan İlker İlyas İrfan İsa İsmail İsmet Kaan Kadir Kamil Kemal Kenan
  Kerem Kerim Koray Kubilay Kutay Levent Mahmut Mehmet Melih Mert Mesut Metin Mevlüt Muhammed
  Muhammet Muharrem Murat Musa Mustafa Mücahit Necati Necib Necip Necmettin Nedim Nihat Nuri Nurettin
  Oğuz Oğuzhan Okan Onur Orhan Osman Ozan Ömer Önder Özcan Özgür Özkan Ramazan Rasim Recep Refik
  Remzi Rıza Sadık Salih Samet Sami Savaş Selahattin Selçuk Selim Semih Serdar Serhat Serkan Sinan
  Soner Suat Süleyman Şakir Şener Şenol Şükrü Taha Tahsin Talha Taner Tarık Tayfun Tayyip 
  Tolga Tuncay Tuğrul Turgay Turgut Tülin Umut Uğur Ufuk Vedat Veli Volkan Yakup Yasin Yavuz Yiğit
  Yunus Yusuf Yücel Zafer Zeki
  Ayşe Aylin Ayla Aynur Ayten Aysel Aysun Azra Bahar Banu Berna Berrak Berfin Betül Beyza Burcu Büşra
  Canan Cansu Ceren Cemile Damla Defne Derya Dilara Dilek Dilan Duygu Ebru Ece Eda Ela Elçin Elif
  Emel Emine Esra Eser Esin Esma Eylül Ezgi Fadime Fatma Feride Filiz Funda Fulya Gamze Gizem Gonca
  Gökçe Göknur Gönül Gül Gülay Gülcan Gülsüm Gülşen Gülten Günay Gülizar Hacer Hande Handan
  Hatice Havva Hayriye Hilal Hülya Irmak İclal İlayda İlknur İpek Kader Kamile Kevser Kübra Lale Leyla
  Lerzan Melek Melike Melis Meltem Meral Merve Meryem Mine Mukadder Münevver Nazlı Nalan Nermin Neslihan
  Nesrin Nevin Nihan Nilay Nilüfer Nur Nuray Nurcan Nurhan Oya Özge Özlem Pelin Pembe Pınar Rabia Rana
  Reyhan Rukiye Sabiha Saadet Seda Sedef Sema Semra Serap Serpil Sertap Sevda Sevgi Sevil Sevim Sibel
  Simge Songül Su Sultan Sümeyye Şebnem Şenay Şeyma Şule Şükran Tuba Tuğba Tülay Ümran Ülkü Yağmur
  Yasemin Yeliz Yeşim Zehra Zerrin Zeynep Zübeyde Züleyha
`;

// Common Spanish and English given names (beyond those in the nickname tables): evidence that
// the middle word of "Julio César Chávez Pérez" or "Lisa Beverly Cruickshank" is a given name.
const spanishGivenNames = `
  Abel Abraham Adela Adelaida Adolfo Adrián Adriana Agustín Agustina Aitana Alba Alberto Alejandra
  Alejandro Alfonso Alfredo Alicia Alma Álvaro Amalia Amparo Ana Anabel Andrea Andrés Ángel Ángela
  Ángeles Antonia Antonio Araceli Ariadna Armando Arturo Aurora Beatriz Belén Benito Berta Blanca
  Brenda Bruno Camila Candela Carla Carlos Carmen Carolina Catalina Cecilia Celia César Claudia
  Clara Concepción Consuelo Cristina Cristóbal Daniel Daniela David Débora Diana Diego Dolores
  Domingo Eduardo Elena Elisa Elvira Emilia Emilio Encarnación Enrique Ernesto Esperanza Esteban
  Estela Esther Eugenia Eva Fabián Federico Felipe Félix Fernanda Fernando Fidel Flor Francisca
  Francisco Gabriel Gabriela Gerardo Germán Gilberto Gloria Gonzalo Graciela Gregorio Guadalupe
  Guillermo Gustavo Héctor Hernán Hilda Hugo Ignacio Inés Irene Isaac Isabel Ismael Iván Jaime
  Javier Jesús Joaquín Jordi Jorge José Josefa Josefina Juan Juana Julia Julián Julio Laura Leonardo
  Leticia Lidia Lorena Lourdes Lucía Luis Luisa Manuel Manuela Marco Marcos Margarita María Mariana
  Mario Marta Martín Martina Mateo Matías Mauricio Mercedes Miguel Milagros Miriam Moisés Mónica
  Natalia Nicolás Noelia Norma Nuria Octavio Olga Óscar Pablo Paloma Patricia Paula Pedro Pilar Pío
  Rafael Ramiro Ramón Raquel Raúl Rebeca Reina Remedios Ricardo Roberto Rocío Rodrigo Rogelio Rosa
  Rosario Rubén Salvador Samuel Sandra Santiago Sara Sebastián Sergio Silvia Sofía Soledad Susana
  Teresa Tomás Valentina Valeria Vanesa Verónica Vicente Víctor Victoria Virginia Ximena Yolanda
`;

const englishGivenNames = `
  Aaron Adam Alan Albert Alice Amber Amy Andrea Angela Ann Anna Anne Ashley Austin Barbara Betty
  Beverly Bradley Brandon Brenda Brian Brittany Bruce Carl Carol Carolyn Catherine Charles Cheryl
  Christian Christine Cynthia Daniel David Dean Denise Diana Diane Donna Dorothy Dylan Edward Elaine
  Elizabeth Ellen Emily Emma Eric Ethan Eugene Evelyn Frances Gary Grace Hannah Harold Heather Helen
  Henry Jack Jacob Jane Janet Janice Jason Jean Jeffrey Jennifer Jeremy Jesse Joan Joe John Jordan
  Joseph Joshua Joyce Judith Julia Julie Justin Karen Katherine Kathleen Keith Kelly Kevin Kyle
  Larry Laura Lauren Lawrence Lee Linda Lisa Logan Louis Louise Lynn Margaret Marie Marilyn Mark
  Martha Mary Matthew Megan Melissa Michael Michelle Nancy Nathan Nicholas Nicole Noah Olivia Pamela
  Patricia Paul Peter Philip Rachel Ralph Randy Raymond Rebecca Richard Robert Roger Ronald Rose Roy
  Russell Ruth Ryan Samantha Samuel Sandra Sara Sarah Scott Sean Sharon Shirley Stephanie Stephen
  Steven Susan Teresa Terry Theresa Thomas Timothy Tyler Victoria Virginia Walter Wayne William Zachary
`;

const toSet = (list: string): Set<string> =>
  new Set(
    list
      .split(/\s+/)
      .filter((name) => name.length > 0)
      .map((name) => foldText(name)),
  );

const turkishNames = toSet(turkishGivenNames);
const otherNames = toSet(`${spanishGivenNames} ${englishGivenNames}`);

/** Whether a folded word is a common Turkish given name (`mehmet`, `sevgi`, `seyma`). */
export const isTurkishGivenName = (word: string): boolean => turkishNames.has(word);

/** Whether a folded word is a common Turkish, Spanish or English given name. */
export const isCommonGivenName = (word: string): boolean => turkishNames.has(word) || otherNames.has(word);

/** Whether a name is written with letters only Turkish uses (ç ğ ı İ ş). */
export const hasTurkishLetters = (raw: string): boolean => /[çğışİÇĞŞ]/.test(raw);
