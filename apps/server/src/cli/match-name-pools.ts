// Names for the generated matching set (`match-generated-set.ts`), by language. Each entry is the
// spelling a clinic records (Latin, as on a passport), then optionally the name in its own
// script and another Latin spelling people use for it. Written for this generator; deliberately
// different from the development set's names.

export type PoolName = { latin: string; native?: string; otherLatin?: string };

export type LanguagePool = {
  language: string;
  given: readonly PoolName[];
  surnames: readonly PoolName[];
  /** Two surnames per person (Spanish naming). */
  doubleSurname: boolean;
};

const names = (list: string): PoolName[] =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const [latin = '', native, otherLatin] = entry.split('|').map((part) => part.trim());
      return { latin, ...(native ? { native } : {}), ...(otherLatin ? { otherLatin } : {}) };
    });

export const languagePools: readonly LanguagePool[] = [
  {
    language: 'en',
    doubleSurname: false,
    given: names(
      'Harriet, Theodore, Imogen, Reginald, Philippa, Gareth, Rosalind, Dominic, Felicity, Barnaby, Henrietta, Crispin, Millicent, Rupert, Arabella, Percival',
    ),
    surnames: names(
      'Ashworth, Whitfield, Pemberton, Hollingsworth, Fairbanks, Cartwright, Blackwood, Kingsley, Thornbury, Winterbottom, Ravenscroft, Waddington, Oakley, Fenwick, Hargreaves, Sutcliffe',
    ),
  },
  {
    language: 'es',
    doubleSurname: true,
    given: names(
      'Remedios, Eusebio, Inmaculada, Casimiro, Visitación, Anselmo, Begoña, Baltasar, Nieves, Florencio, Montserrat, Evaristo, Asunción, Leandro, Purificación, Segismundo',
    ),
    surnames: names(
      'Echevarría, Villanueva, Santamaría, Barrientos, Olmedo, Quintanilla, Zubizarreta, Cifuentes, Valderrama, Arrieta, Benavente, Carrasco, Escudero, Galindo, Montoya, Pastrana',
    ),
  },
  {
    language: 'tr',
    doubleSurname: false,
    given: names(
      'Şükrü, Çağla, Gökhan, Ayşegül, Oğuzhan, Şebnem, Ilgaz, Gülşah, Çağatay, Nesrin, Tuğçe, Doğukan, Şeyda, Ümit, Özgür, Başak',
    ),
    surnames: names(
      'Çelikkol, Şahinoğlu, Yıldırımlı, Güneşli, Karaçam, Kocabaş, Özdemirci, Türkoğlu, Akgündüz, Erdoğdu, Çakıroğlu, Başaran, Gökçen, Uçarlı, Dağdelen, Kılıçarslan',
    ),
  },
  {
    language: 'de',
    doubleSurname: false,
    given: names(
      'Jürgen, Dörte, Björn, Käthe, Günther, Jörg, Bärbel, Lüder, Gisela, Volker, Ursula, Dietmar, Hannelore, Wolfgang, Brigitte, Rüdiger',
    ),
    surnames: names(
      'Müllerschön, Schäfer, Böttcher, Grünewald, Krüger, Weißmann, Hößl, Möller, Jäger, Köhler, Schütz, Fröhlich, Bäcker, Dürr, Lübke, Wöhrle',
    ),
  },
  {
    language: 'ru',
    doubleSurname: false,
    given: names(
      'Aleksandr|Александр|Alexander, Dmitriy|Дмитрий|Dmitry, Yekaterina|Екатерина|Ekaterina, Sergey|Сергей|Sergei, Nataliya|Наталия|Natalia, Mikhail|Михаил|Mikhail, Tatyana|Татьяна|Tatiana, Andrey|Андрей|Andrei, Yuliya|Юлия|Julia, Aleksey|Алексей|Alexei, Svetlana|Светлана|Svetlana, Vladimir|Владимир|Wladimir',
    ),
    surnames: names(
      'Kuznetsov|Кузнецов|Kuznetsoff, Smirnova|Смирнова|Smirnowa, Volkov|Волков|Wolkow, Sokolova|Соколова|Sokolowa, Lebedev|Лебедев|Lebedew, Kozlova|Козлова|Koslova, Novikov|Новиков|Nowikow, Morozova|Морозова|Morosova, Pavlov|Павлов|Pawlow, Fedorova|Федорова|Fyodorova, Vasilyev|Васильев|Vasiliev, Orlova|Орлова|Orlowa',
    ),
  },
  {
    language: 'el',
    doubleSurname: false,
    given: names(
      'Georgios|Γεώργιος|Giorgos, Konstantinos|Κωνσταντίνος|Constantinos, Dimitrios|Δημήτριος|Dimitris, Eleni|Ελένη|Helene, Nikolaos|Νικόλαος|Nicolaos, Vasiliki|Βασιλική|Vassiliki, Panagiotis|Παναγιώτης|Panayotis, Athanasia|Αθανασία|Athanassia',
    ),
    surnames: names(
      'Papadopoulos|Παπαδόπουλος|Papadopulos, Konstantinidis|Κωνσταντινίδης|Constantinidis, Karagiannis|Καραγιάννης|Karayannis, Nikolaidou|Νικολαΐδου|Nicolaidou, Vlachos|Βλάχος|Vlahos, Georgiou|Γεωργίου|Yeorgiou, Oikonomou|Οικονόμου|Ekonomou, Christodoulou|Χριστοδούλου|Hristodoulou',
    ),
  },
  {
    language: 'ar',
    doubleSurname: false,
    given: names(
      'Mohammed|محمد|Muhammad, Ahmed|أحمد|Ahmad, Youssef|يوسف|Yusuf, Fatima|فاطمة|Fatma, Khalid|خالد|Khaled, Mariam|مريم|Maryam, Omar|عمر|Umar, Hassan|حسن|Hasan, Karim|كريم|Kareem, Layla|ليلى|Leila',
    ),
    surnames: names(
      'Mansour|منصور|Mansur, Haddad|حداد|Hadad, Nasser|ناصر|Nasir, Khalil|خليل|Khaleel, Saleh|صالح|Salih, Hamdan|حمدان|Hamdane, Qasim|قاسم|Kassem, Rashid|رشيد|Rasheed',
    ),
  },
  {
    language: 'fr',
    doubleSurname: false,
    given: names(
      'François, Hélène, Jérôme, Anaïs, Benoît, Mégane, Théophile, Clémence, Grégoire, Noémie, Aurélien, Léonie',
    ),
    surnames: names(
      'Lefèvre, Beaulieu, Desrochers, Marchetti, Rousseau, Béranger, Chevalier, Delacroix, Fontaine, Garnier, Lévêque, Thibault',
    ),
  },
];

/** Surnames no generated patient carries: for non-patients that share only a given name. */
export const strangerSurnames: readonly string[] = [
  'Quarrington',
  'Zwolinski',
  'Abernathy',
  'Ostrowska',
  'Vandermeer',
  'Ilunga',
  'Okonkwo',
  'Haverkamp',
  'Tremblay',
  'Nakamura',
  'Lindqvist',
  'Bertolucci',
];

/** Given names no generated patient carries: for non-patients that share only a surname. */
export const strangerGivenNames: readonly string[] = [
  'Wilhelmina',
  'Thaddeus',
  'Ottoline',
  'Zebedee',
  'Kunigunde',
  'Leopoldo',
  'Ysolde',
  'Ignatius',
  'Petronella',
  'Bartholomew',
];
