type Random = () => number;

// Name forms for the generated set's new variants, written for this generator from common usage
// (not copied from the engine's tables, so that they also test what the engine's rules cover):
// written abbreviations of the pools' given names (truncations with a full stop, contractions),
// the same given names in other languages' forms, and places reviewers add to their names.

/** Pool given name → abbreviations people write for it. */
export const givenNameAbbreviations: Readonly<Record<string, readonly string[]>> = {
  Theodore: ['Theod.', 'Thdr.'],
  Reginald: ['Regd.', 'Reg.'],
  Dominic: ['Dom.', 'Domc.'],
  Barnaby: ['Barn.'],
  Percival: ['Perc.'],
  Henrietta: ['Henr.'],
  Millicent: ['Mill.'],
  Inmaculada: ['Inmac.', 'Inma.'],
  Asunción: ['Asun.', 'Asunc.'],
  Montserrat: ['Montse.', 'Mont.'],
  Purificación: ['Purif.'],
  Visitación: ['Visit.'],
  Florencio: ['Flor.', 'Florenc.'],
  Segismundo: ['Segism.'],
  Evaristo: ['Evar.'],
  Casimiro: ['Casim.'],
  Baltasar: ['Balt.'],
  Gökhan: ['Gökh.'],
  Oğuzhan: ['Oğuz.'],
  Doğukan: ['Doğuk.'],
  Wolfgang: ['Wolfg.', 'Wfg.'],
  Günther: ['Günth.'],
  Dietmar: ['Dietm.'],
  Hannelore: ['Hannel.'],
  Rüdiger: ['Rüd.'],
  Mohammed: ['Mohd', 'Md.', 'Mhd'],
  Aleksandr: ['Aleks.', 'Alexandr.'],
  Konstantinos: ['Konst.', 'Kon/nos'],
  Nikolaos: ['Nikol.'],
  Panagiotis: ['Panag.'],
  François: ['Fr.', 'Franç.'],
  Grégoire: ['Grég.'],
  Théophile: ['Théoph.'],
  Aurélien: ['Aurél.'],
  Clémence: ['Clém.'],
};

/** Pool given name → the same name in other languages. */
export const givenNameEquivalents: Readonly<Record<string, readonly string[]>> = {
  Theodore: ['Teodoro', 'Théodore', 'Theodor'],
  Dominic: ['Domingo', 'Dominik', 'Dominique', 'Domenico'],
  Harriet: ['Enriqueta', 'Henriette'],
  Henrietta: ['Enriqueta', 'Henriette', 'Enrichetta'],
  Philippa: ['Felipa', 'Philippine'],
  Barnaby: ['Bernabé', 'Barnabas', 'Barnaba'],
  Felicity: ['Felicidad', 'Félicité', 'Felicitas'],
  Crispin: ['Crispín', 'Crispino'],
  Eusebio: ['Eusebius', 'Eusèbe'],
  Casimiro: ['Casimir', 'Kasimir'],
  Anselmo: ['Anselm', 'Anselme'],
  Baltasar: ['Balthazar', 'Balthasar', 'Baldassarre'],
  Leandro: ['Leander', 'Léandre'],
  Segismundo: ['Sigmund', 'Sigismond', 'Sigismondo'],
  Evaristo: ['Évariste'],
  Asunción: ['Assunta'],
  Inmaculada: ['Immacolata'],
  Jürgen: ['George', 'Jorge', 'Georges'],
  Jörg: ['George', 'Jorge'],
  Ursula: ['Úrsula', 'Orsola'],
  Brigitte: ['Bridget', 'Brígida', 'Brigida'],
  Gisela: ['Gisèle', 'Giselle'],
  Käthe: ['Catherine', 'Catalina', 'Caterina'],
  Rüdiger: ['Roger', 'Rogelio', 'Ruggero'],
  Aleksandr: ['Alexander', 'Alejandro', 'Alessandro'],
  Dmitriy: ['Demetrio', 'Dimitri'],
  Yekaterina: ['Catherine', 'Catalina', 'Katharina'],
  Sergey: ['Sergio', 'Serge'],
  Nataliya: ['Natalie', 'Nathalie'],
  Mikhail: ['Michael', 'Miguel', 'Michel'],
  Andrey: ['Andrew', 'Andrés', 'Andreas'],
  Yuliya: ['Julia', 'Julie', 'Giulia'],
  Aleksey: ['Alexis', 'Alessio'],
  Georgios: ['George', 'Jorge', 'Georg'],
  Konstantinos: ['Constantine', 'Constantino', 'Konstantin'],
  Dimitrios: ['Demetrio', 'Demetrius'],
  Eleni: ['Helen', 'Elena', 'Hélène'],
  Nikolaos: ['Nicholas', 'Nicolás', 'Nikolaus'],
  Mohammed: ['Mehmet', 'Muhammed'],
  Ahmed: ['Ahmet'],
  Youssef: ['Joseph', 'José', 'Josef'],
  Mariam: ['Mary', 'María', 'Marie'],
  Omar: ['Ömer'],
  Khalid: ['Halit'],
  Karim: ['Kerim'],
  Layla: ['Leyla'],
  François: ['Francis', 'Francisco', 'Franz', 'Francesco'],
  Hélène: ['Helen', 'Elena', 'Helene'],
  Jérôme: ['Jerome', 'Jerónimo', 'Girolamo'],
  Benoît: ['Benedict', 'Benito', 'Benedikt'],
  Grégoire: ['Gregory', 'Gregorio', 'Gregor'],
  Théophile: ['Theophilus', 'Teófilo'],
  Aurélien: ['Aureliano', 'Aurelian'],
  Noémie: ['Naomi', 'Noemí'],
};

const places = [
  'London',
  'Leeds',
  'Madrid',
  'Sevilla',
  'İzmir',
  'Berlin',
  'München',
  'Lyon',
  'Dubai',
  'Athens',
];

export const countryCodes: readonly string[] = ['UK', 'GB', 'DE', 'ES', 'FR', 'NL', 'IE', 'US', 'AE', 'GR'];

/** The name with where the reviewer lives around it, the ways review sites show it. */
export const withPlace = (random: Random, name: string): string => {
  const place = places[Math.floor(random() * places.length)] ?? 'London';
  const forms = [
    `${name} (${place})`,
    `${name} - ${place}`,
    `${name} · ${place}`,
    `${name} from ${place}`,
    `${place} - ${name}`,
    `${name}, ${place}`,
    `${name} ${place}`,
  ];
  return forms[Math.floor(random() * forms.length)] ?? name;
};
