import { foldText } from './normalize-name';

// One given name in the forms other languages give it (English, Spanish, Turkish, German, French,
// Italian, Portuguese, Arabic in Latin letters): patients living abroad often sign with the local
// form (José in London as Joseph, Yusuf in Berlin as Josef). Each line is one name's family of
// cognates, from the usual equivalence lists of names of biblical, Latin and Greek origin; a name
// in two families (Jaime/James, Santiago/James) is listed in both.
const equivalentGroups: readonly string[] = [
  'John, Juan, Johann, Johannes, Hans, Jean, Giovanni, João, Yahya, Jan',
  'Joseph, José, Josef, Giuseppe, Yusuf, Youssef, Yousef, Joseph',
  'Mary, María, Maria, Marie, Meryem, Maryam, Mariam, Miriam',
  'James, Jaime, Santiago, Diego, Jakob, Jacob, Jacques, Giacomo, Jacopo, Tiago, Yakup, Yaqub, Jacobo',
  'Michael, Miguel, Michel, Michele, Mikail, Mikael, Mihail, Mikhail, Mickaël',
  'Peter, Pedro, Pierre, Pietro, Petrus, Piet',
  'Paul, Pablo, Paolo, Paulo, Pavel, Pol',
  'George, Jorge, Georg, Georges, Giorgio, Yorgos, Georgios, Jürgen, Jörg',
  'William, Guillermo, Wilhelm, Guillaume, Guglielmo, Guilherme, Willem',
  'Charles, Carlos, Karl, Carl, Carlo',
  'Henry, Enrique, Heinrich, Henri, Enrico, Henrique, Hendrik',
  'Francis, Francisco, Franz, François, Francesco, Frans',
  'Frances, Francisca, Franziska, Françoise, Francesca',
  'Anthony, Antonio, Anton, Antoine, António, Antônio',
  'Andrew, Andrés, Andreas, André, Andrea, Andrey, Andrei',
  'Louis, Luis, Ludwig, Luigi, Luís, Lewis',
  'Matthew, Mateo, Matthias, Matthieu, Matteo, Mateus, Mathias',
  'Lawrence, Laurence, Lorenzo, Lorenz, Laurent, Lourenço',
  'Vincent, Vicente, Vinzenz, Vincenzo',
  'Stephen, Steven, Esteban, Stefan, Stephan, Étienne, Stefano, Estêvão',
  'Christopher, Cristóbal, Christoph, Christophe, Cristoforo, Cristóvão',
  'Thomas, Tomás, Tommaso, Tomas',
  'Nicholas, Nicolás, Nikolaus, Nicolas, Niccolò, Nicola, Nicolau, Nikolaos, Nikolai',
  'Alexander, Alejandro, Alexandre, Alessandro, Aleksander, Aleksandr, İskender, Iskandar',
  'Edward, Eduardo, Eduard, Édouard, Edoardo',
  'Richard, Ricardo, Riccardo',
  'Robert, Roberto',
  'Albert, Alberto',
  'Frederick, Federico, Friedrich, Frédéric, Federico, Frederico',
  'Gregory, Gregorio, Gregor, Grégoire',
  'Benedict, Benito, Benedikt, Benoît, Benedetto, Bento',
  'Abraham, İbrahim, Ibrahim, Abraão',
  'Moses, Moisés, Moritz, Moïse, Mosè, Musa',
  'Jesus, Jesús, Isa',
  'David, Davut, Dawud, Davide, Davi',
  'Solomon, Salomón, Süleyman, Sulayman, Salomon, Salomone, Suleiman',
  'Noah, Noé, Nuh, Noè',
  'Adam, Adán, Adem, Adamo, Adão',
  'Gabriel, Gabriele, Cebrail, Jibril',
  'Zachary, Zacarías, Zekeriya, Zakariya, Zacharias',
  'Jonah, Jonás, Yunus, Jonas, Giona',
  'Job, Eyüp, Ayyub, Hiob',
  'Elijah, Elías, İlyas, Ilyas, Elias, Élie, Elia',
  'Aaron, Aarón, Harun, Haroun, Aron, Aronne',
  'Ishmael, Ismael, İsmail, Ismail, Ismaël',
  'Isaac, İshak, Ishaq, Isacco',
  'Jonathan, Jonatán, Jonathan',
  'Eve, Eva, Havva, Hawa, Ève',
  'Sarah, Sara',
  'Anne, Ann, Anna, Ana, Anne, Hannah',
  'Catherine, Katherine, Catalina, Katharina, Käthe, Caterina, Catarina, Yekaterina, Ekaterina',
  'Elizabeth, Isabel, Elisabeth, Élisabeth, Elisabetta, Isabella, Isabelle',
  'Margaret, Margarita, Margarete, Marguerite, Margherita, Margarida',
  'Susan, Susana, Susanne, Suzanne, Susanna',
  'Joan, Jane, Juana, Johanna, Jeanne, Giovanna, Joana',
  'Theresa, Teresa, Therese, Thérèse',
  'Helen, Elena, Helene, Hélène, Helena, Eleni',
  'Josephine, Josefina, Josefine, Joséphine, Giuseppina',
  'Louise, Luisa, Luise, Louisa',
  'Christine, Cristina, Christina, Kristina',
  'Julia, Julie, Giulia, Júlia, Yuliya, Yulia',
  'Lucy, Lucía, Lucie, Lucia, Luzia',
  'Clare, Claire, Clara, Klara, Chiara',
  'Agnes, Inés, Agnès, Agnese, Inês',
  'Dorothy, Dorotea, Dorothea, Dorothée',
  'Barbara, Bárbara',
  'Cecilia, Cecily, Cécile, Cäcilia',
  'Veronica, Verónica, Veronika, Véronique',
  'Monica, Mónica, Monika, Monique',
  'Aisha, Ayşe, Aicha, Aïcha',
  'Fatima, Fatma, Fátima, Fatimah',
  'Zaynab, Zeynep, Zainab, Zineb',
  'Khadija, Hatice, Hadice, Khadidja',
  'Mohammed, Mehmet, Muhammad, Mohamed, Mohammad, Muhammed, Muhammet, Mahomet',
  'Ahmed, Ahmet, Ahmad',
  'Mustafa, Mostafa, Moustafa',
  'Hussein, Hüseyin, Husain, Hussain, Houssein',
  'Hassan, Hasan, Hassane',
  'Ali, Aly',
  'Omar, Ömer, Umar, Omer',
  'Osman, Uthman, Othman, Usman',
  'Yasin, Yassine, Yassin, Yaseen',
  'Emine, Amina, Aminah',
  'Hamza, Hamzah, Hamsa',
  'Hüsnü, Husni',
  'Khalid, Khaled, Halit, Halid',
  'Karim, Kareem, Kerim',
  'Layla, Leila, Leyla, Laila',
  'Theodore, Teodoro, Théodore, Theodor, Fyodor',
  'Dominic, Domingo, Dominik, Dominique, Domenico',
  'Harriet, Henrietta, Enriqueta, Henriette, Enrichetta',
  'Philippa, Felipa, Philippine, Filippa',
  'Philip, Felipe, Philipp, Philippe, Filippo, Filipe',
  'Barnaby, Barnabas, Bernabé, Barnabé, Barnaba',
  'Felicity, Felicidad, Félicité, Felicitas, Felicita',
  'Crispin, Crispín, Crispino',
  'Eusebius, Eusebio, Eusèbe',
  'Casimir, Casimiro, Kasimir, Kazimierz',
  'Anselm, Anselmo, Anselme',
  'Balthazar, Baltasar, Balthasar, Baldassarre',
  'Leander, Leandro, Léandre',
  'Sigmund, Segismundo, Sigismond, Sigismondo',
  'Evaristus, Evaristo, Évariste',
  'Asunción, Assunta, Assumpta',
  'Inmaculada, Immacolata, Imaculada',
  'Ursula, Úrsula, Orsola, Ursule',
  'Bridget, Brigitte, Brígida, Brigida, Birgit',
  'Giselle, Gisela, Gisèle',
  'Roger, Rogelio, Rüdiger, Ruggero, Rogério',
  'Demetrius, Demetrio, Dimitri, Dmitriy, Dmitry, Dimitrios',
  'Sergius, Sergio, Serge, Sergey, Sergei',
  'Natalie, Natalia, Nathalie, Nataliya',
  'Alexis, Alessio, Aleksey, Alexei',
  'Constantine, Constantino, Konstantin, Konstantinos, Costantino',
  'Jerome, Jerónimo, Girolamo, Jérôme, Hieronymus, Jerônimo',
  'Theophilus, Teófilo, Théophile, Teofilo',
  'Aurelian, Aureliano, Aurélien, Aurelio',
  'Naomi, Noemí, Noémie, Noemi',
  'Benedict, Benito, Benedikt, Benoît, Benedetto, Bento',
];

const fold = (value: string): string => foldText(value).replace(/[^a-z]/g, '');

const groupsByName = new Map<string, Set<number>>();
const groupMembers: string[][] = [];
equivalentGroups.forEach((line, group) => {
  const members = [...new Set(line.split(',').map(fold))].filter((name) => name.length > 0);
  groupMembers.push(members);
  for (const name of members) {
    const groups = groupsByName.get(name) ?? new Set<number>();
    groups.add(group);
    groupsByName.set(name, groups);
  }
});

/** Whether two different folded given names are the same name in two languages (`jose`, `joseph`). */
export const areEquivalentGivenNames = (a: string, b: string): boolean => {
  if (a === b) return false;
  const groups = groupsByName.get(a);
  if (!groups) return false;
  for (const group of groupsByName.get(b) ?? []) if (groups.has(group)) return true;
  return false;
};

/** The other-language forms of a folded given name: `juan` → `john`, `johann`, `jean`... */
export const equivalentGivenNamesOf = (name: string): string[] => {
  const found = new Set<string>();
  for (const group of groupsByName.get(name) ?? []) {
    for (const member of groupMembers[group] ?? []) if (member !== name) found.add(member);
  }
  return [...found];
};
