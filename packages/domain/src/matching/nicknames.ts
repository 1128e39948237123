import { foldText } from './normalize-name';

// Formal given name(s) -> the nicknames people sign with. Written from common English, Spanish
// and German usage, not from any data set. A nickname may stand for several names (Toni ->
// Antonio or Antonia) and a formal name may be compound (Maite -> María Teresa).
const nicknameTable: ReadonlyArray<readonly [formal: string, nicknames: string]> = [
  // English
  ['William', 'Bill, Billy, Billie, Will, Willy, Willie, Wil, Wills'],
  ['Robert', 'Bob, Bobby, Bobbie, Rob, Robbie, Robby, Bert, Bertie'],
  ['Roberta', 'Bobbie, Robbie, Bertie'],
  ['Margaret', 'Peggy, Peg, Maggie, Meg, Marge, Margie, Madge, Greta, Maisie, Daisy, Rita'],
  ['John', 'Jack, Johnny, Johnnie, Jackie'],
  ['Jonathan', 'Jon, Jonny'],
  ['James', 'Jim, Jimmy, Jimmie, Jamie, Jimbo, Jem'],
  ['Michael', 'Mike, Mikey, Mick, Mickey, Micky, Michi'],
  ['Richard', 'Rick, Ricky, Rich, Richie, Dick'],
  ['Thomas', 'Tom, Tommy, Thom'],
  ['Joseph', 'Joe, Joey, Jo, Jojo'],
  ['Charles', 'Charlie, Chuck, Chas, Chaz, Chip, Chuckie'],
  ['Christopher', 'Chris, Topher, Kit, Chrissy'],
  ['Christian', 'Chris, Christie'],
  ['Daniel', 'Dan, Danny, Dani'],
  ['Danielle', 'Dani, Elle'],
  ['Matthew', 'Matt, Matty, Mat'],
  ['Anthony', 'Tony, Ant'],
  ['Andrew', 'Andy, Drew, Andi'],
  ['Edward', 'Ed, Eddie, Eddy, Ted, Teddy'],
  ['Edmund', 'Ed, Eddie'],
  ['Edwin', 'Ed, Eddie'],
  ['Steven', 'Steve, Stevie'],
  ['Stephen', 'Steve, Stevie'],
  ['Nicholas', 'Nick, Nicky, Nico, Nik'],
  ['Benjamin', 'Ben, Benny, Benji, Benjy'],
  ['Samuel', 'Sam, Sammy, Samu'],
  ['Samantha', 'Sam, Sammy, Sammie'],
  ['Alexander', 'Alex, Al, Xander, Sandy, Lex, Sasha, Sascha, Alec'],
  ['Alexandra', 'Alex, Lexi, Lexie, Sandy, Sasha, Alexa'],
  ['Alexis', 'Lexi, Lexie, Alex'],
  ['Patrick', 'Pat, Paddy, Patty, Rick'],
  ['Patricia', 'Pat, Patty, Patsy, Trish, Tricia, Trisha, Patti, Patri, Pati'],
  ['Elizabeth', 'Liz, Lizzie, Lizzy, Beth, Betty, Bette, Betsy, Libby, Elsie, Bess, Bessie'],
  ['Elisabeth', 'Liz, Liesel, Sissi, Betty, Beth'],
  ['Catherine', 'Kate, Katie, Cathy, Kathy, Cat, Kitty, Cate'],
  ['Katherine', 'Kate, Katie, Kathy, Kat, Kitty, Kathie'],
  ['Kathryn', 'Kate, Katie, Kathy, Kat'],
  ['Katharina', 'Kathi, Kati, Katja, Kate'],
  ['Kathleen', 'Kathy, Kath, Kate, Katie'],
  ['Jennifer', 'Jen, Jenny, Jenn, Jenni'],
  ['Jessica', 'Jess, Jessie, Jessi'],
  ['Rebecca', 'Becky, Becca, Bex, Becks'],
  ['Susan', 'Sue, Susie, Suzy, Suze'],
  ['Suzanne', 'Sue, Susie, Suzy'],
  ['Susanne', 'Sue, Susi'],
  ['Deborah', 'Deb, Debbie, Debby, Debs'],
  ['Debra', 'Deb, Debbie, Debby'],
  ['Barbara', 'Barb, Babs, Barbie, Bärbel'],
  ['Dorothy', 'Dot, Dotty, Dottie, Dolly'],
  ['Victoria', 'Vicky, Vicki, Vickie, Tori, Vic, Vicki'],
  ['Christina', 'Chris, Chrissy, Tina, Christy'],
  ['Christine', 'Chris, Chrissy, Tina, Christy'],
  ['Kristina', 'Kris, Krissy, Tina'],
  ['Kristen', 'Kris, Krissy'],
  ['Melissa', 'Mel, Missy, Lissa, Mellie'],
  ['Melanie', 'Mel, Mellie'],
  ['Amanda', 'Mandy, Manda'],
  ['Madison', 'Maddie, Maddy, Madi'],
  ['Madeline', 'Maddie, Maddy, Madi'],
  ['Madeleine', 'Maddie, Maddy'],
  ['Isabella', 'Bella, Izzy, Isa, Izzie'],
  ['Isabelle', 'Bella, Izzy, Isa'],
  ['Isabel', 'Bella, Izzy, Isa, Chabela, Chabeli'],
  ['Olivia', 'Liv, Livvy, Livy, Ollie'],
  ['Emily', 'Em, Emmy, Emmie'],
  ['Emma', 'Em, Emmy'],
  ['Abigail', 'Abby, Abbie, Gail'],
  ['Gregory', 'Greg, Gregg'],
  ['Jeffrey', 'Jeff'],
  ['Geoffrey', 'Geoff, Jeff'],
  ['Timothy', 'Tim, Timmy'],
  ['Kenneth', 'Ken, Kenny'],
  ['Ronald', 'Ron, Ronnie, Ronny'],
  ['Donald', 'Don, Donnie, Donny'],
  ['Douglas', 'Doug, Dougie'],
  ['Gerald', 'Gerry, Jerry'],
  ['Raymond', 'Ray'],
  ['Lawrence', 'Larry, Laurie'],
  ['Laurence', 'Larry, Laurie'],
  ['Leonard', 'Leo, Len, Lenny'],
  ['Frederick', 'Fred, Freddie, Freddy'],
  ['Francis', 'Frank, Frankie'],
  ['Franklin', 'Frank, Frankie'],
  ['Harold', 'Harry, Hal'],
  ['Henry', 'Harry, Hank, Hal'],
  ['Walter', 'Walt, Wally'],
  ['Albert', 'Al, Bert, Bertie'],
  ['Alfred', 'Al, Alf, Alfie, Fred'],
  ['Arthur', 'Art, Artie'],
  ['Eugene', 'Gene'],
  ['Gabriel', 'Gabe, Gabi'],
  ['Gabriella', 'Gabby, Gabi, Ella'],
  ['Gabrielle', 'Gabby, Gabi, Elle'],
  ['Jacob', 'Jake'],
  ['Joshua', 'Josh'],
  ['Zachary', 'Zach, Zack, Zak'],
  ['Zachariah', 'Zach, Zack, Zak'],
  ['Nathaniel', 'Nate, Nat'],
  ['Nathan', 'Nate, Nat'],
  ['Theodore', 'Ted, Teddy, Theo'],
  ['Vincent', 'Vince, Vinnie, Vinny'],
  ['Philip', 'Phil, Pip'],
  ['Phillip', 'Phil'],
  ['Stanley', 'Stan'],
  ['Russell', 'Russ'],
  ['Allison', 'Ally, Allie'],
  ['Alison', 'Ally, Allie'],
  ['Cynthia', 'Cindy, Cyn'],
  ['Lucinda', 'Cindy, Lucy'],
  ['Sandra', 'Sandy, Sandi'],
  ['Pamela', 'Pam, Pammy'],
  ['Teresa', 'Terry, Tess, Tessa, Tessie, Tere, Teresita'],
  ['Theresa', 'Terry, Tess, Tessa, Tessie'],
  ['Judith', 'Judy, Jude'],
  ['Kimberly', 'Kim, Kimmy'],
  ['Kimberley', 'Kim, Kimmy'],
  ['Nancy', 'Nan'],
  ['Jacqueline', 'Jackie, Jacky, Jacqui'],
  ['Stephanie', 'Steph, Stephie, Steffi'],
  ['Valerie', 'Val'],
  ['Veronica', 'Ronnie, Vero, Nica'],
  ['Virginia', 'Ginny, Ginger, Gina'],
  ['Frances', 'Fran, Frannie, Frankie'],
  ['Josephine', 'Jo, Josie, Jojo'],
  ['Joanna', 'Jo, Jojo'],
  ['Joanne', 'Jo'],
  ['Johanna', 'Jo'],
  ['Louise', 'Lou, Lulu'],
  ['Louisa', 'Lou, Lulu'],
  ['Angela', 'Angie, Ange'],
  ['Caroline', 'Carrie, Caro'],
  ['Carolyn', 'Carrie'],
  ['Cassandra', 'Cassie, Cass, Sandy'],
  ['Natalie', 'Nat, Nattie'],
  ['Natalia', 'Nati, Nata'],
  ['Penelope', 'Penny, Pen'],
  ['Priscilla', 'Cilla, Prissy'],
  ['Jeremy', 'Jerry, Jez'],
  ['Terence', 'Terry'],
  ['Terrence', 'Terry'],
  ['Evelyn', 'Evie, Eve'],
  ['Eleanor', 'Ellie, Nell, Nellie, Ella'],
  ['Ellen', 'Ellie, Nell, Nellie'],
  ['Helen', 'Nell, Nellie, Ellie'],
  ['Harriet', 'Hattie, Hatty'],
  ['Martha', 'Marty, Mattie, Patty'],
  ['Mary', 'Molly, Polly, Mae, Mamie, Mimi'],
  ['Sarah', 'Sally, Sadie'],
  ['Ann', 'Annie, Nan'],
  ['Anne', 'Annie, Nan'],
  ['Anna', 'Annie, Ania'],
  ['Beatrice', 'Bea, Bee, Trixie'],
  ['Charlotte', 'Charlie, Lottie, Lotte, Lotta'],
  ['Matilda', 'Tilly, Tilda, Mattie'],
  ['Mathilde', 'Tilly, Tilda'],
  ['Benedict', 'Ben'],
  ['Solomon', 'Sol'],
  ['Montgomery', 'Monty'],
  ['Gwendolyn', 'Gwen, Wendy'],
  ['Jennings', 'Jen'],
  ['Wilhelmina', 'Mina, Billie'],
  ['Cornelius', 'Neil, Corey'],
  ['Cornelia', 'Nele, Connie'],
  ['Constance', 'Connie'],
  ['Agnes', 'Aggie, Nessa'],
  ['Clifford', 'Cliff'],
  ['Dennis', 'Denny'],
  ['Dominic', 'Dom, Nico'],
  ['Ezekiel', 'Zeke'],
  ['Florence', 'Flo, Flora, Florrie'],
  ['Herbert', 'Herb, Bert'],
  ['Howard', 'Howie'],
  ['Isaac', 'Ike'],
  ['Marjorie', 'Margie, Marge'],
  ['Mitchell', 'Mitch'],
  ['Nicole', 'Nikki, Nicki, Nic, Colie'],
  ['Oliver', 'Ollie, Olly'],
  ['Peter', 'Pete'],
  ['Randall', 'Randy'],
  ['Rodney', 'Rod'],
  ['Roger', 'Rog'],
  ['Rosemary', 'Rosie, Romy'],
  ['Samson', 'Sam'],
  ['Sylvester', 'Sly'],
  ['Tabitha', 'Tabby'],
  ['Wesley', 'Wes'],
  ['Winifred', 'Winnie, Freddie'],
  ['Zoe', 'Zo'],
  // Spanish
  ['José', 'Pepe, Pepito, Chepe, Joselito'],
  ['Josefa', 'Pepa, Pepita, Fina, Chepa'],
  ['Josefina', 'Fina, Pepa, Pepita, Josie'],
  ['Francisco', 'Paco, Pancho, Curro, Quico, Kiko, Fran, Paquito, Frasco, Cisco, Panchito, Chisco'],
  ['Francisca', 'Paca, Paquita, Fran, Quica, Pancha'],
  ['Manuel', 'Manolo, Manu, Lolo, Manny, Manolito'],
  ['Manuela', 'Manoli, Manu, Manuelita'],
  ['Ignacio', 'Nacho, Iñaki, Nachito'],
  ['Dolores', 'Lola, Loli, Lolita, Lole'],
  ['Rosario', 'Charo, Chayo, Rosi'],
  ['María Teresa', 'Maite, Mayte, Maritere'],
  ['José María', 'Chema, Josema, Chemari'],
  ['María del Carmen', 'Carmen, Mari Carmen, Maricarmen, Mamen, Menchu, Carmela'],
  ['Carmen', 'Mamen, Menchu, Carmela, Carmencita'],
  ['Juan José', 'Juanjo'],
  ['Juan Carlos', 'Juanca, Juancar'],
  ['Juan Antonio', 'Juanan, Juanto'],
  ['Juan Manuel', 'Juanma'],
  ['Juan Pablo', 'Juampi'],
  ['José Antonio', 'Josean, Joseán'],
  ['José Luis', 'Joselu, Pepelu'],
  ['José Manuel', 'Josema, Chema'],
  ['José Ramón', 'Chemón'],
  ['María José', 'Majo, Marijose'],
  ['María Isabel', 'Maribel, Marisa'],
  ['María Luisa', 'Marisa, Malu, Mariluz'],
  ['María Soledad', 'Marisol, Sole'],
  ['María de la Paz', 'Maripaz'],
  ['María Victoria', 'Mariví, Marivi'],
  ['María Eugenia', 'Maru, Marujena'],
  ['María Fernanda', 'Mafer, Marifer'],
  ['María Guadalupe', 'Lupe, Lupita'],
  ['María Dolores', 'Lola, Loli, Marilo'],
  ['María Ángeles', 'Marian'],
  ['María', 'Mari, Maru, Maruja, Marí'],
  ['Antonio', 'Toni, Tony, Toño, Antoñito, Tonio'],
  ['Antonia', 'Toni, Toñi, Toña'],
  ['Guadalupe', 'Lupe, Lupita'],
  ['Pilar', 'Pili, Pilarica, Pilu'],
  ['Concepción', 'Concha, Conchi, Conchita'],
  ['Inmaculada', 'Inma, Inmi'],
  ['Purificación', 'Puri'],
  ['Encarnación', 'Encarna, Encarni'],
  ['Asunción', 'Asun'],
  ['Remedios', 'Reme'],
  ['Montserrat', 'Montse'],
  ['Consuelo', 'Chelo'],
  ['Eduardo', 'Lalo, Edu'],
  ['Alberto', 'Beto, Berto'],
  ['Roberto', 'Beto, Rober, Tito'],
  ['Salvador', 'Chava, Salva, Chavo'],
  ['Alejandro', 'Alex, Ale, Jandro, Alejo'],
  ['Alejandra', 'Ale, Alex, Jandra'],
  ['Guillermo', 'Memo, Guille, Willy'],
  ['Ricardo', 'Richi, Ricky, Rica'],
  ['Enrique', 'Quique, Kike'],
  ['Jesús', 'Chucho, Chuy, Chus, Jesu'],
  ['Luis', 'Lucho, Luisito'],
  ['Rafael', 'Rafa, Rafi'],
  ['Fernando', 'Nando, Fer, Fercho'],
  ['Gonzalo', 'Gonza, Chalo'],
  ['Ramón', 'Moncho'],
  ['Federico', 'Fede'],
  ['Sebastián', 'Sebas, Seba'],
  ['Santiago', 'Santi, Chago'],
  ['Daniela', 'Dani'],
  ['Alfonso', 'Poncho'],
  ['Adolfo', 'Fito'],
  ['Rodolfo', 'Rodo, Fito'],
  ['Gustavo', 'Tavo, Gus'],
  ['Octavio', 'Tavo'],
  ['Andrés', 'Andy'],
  ['Soledad', 'Sole, Chole'],
  ['Beatriz', 'Bea, Betty'],
  ['Cristina', 'Cris, Tina'],
  ['Cristian', 'Cris'],
  ['Margarita', 'Marga, Rita, Magui, Mague'],
  ['Mercedes', 'Merche, Meche, Mecha'],
  ['Rosa', 'Rosi, Rosita'],
  ['Ana', 'Anita'],
  ['Natividad', 'Nati'],
  ['Begoña', 'Bego'],
  ['Esperanza', 'Espe'],
  ['Milagros', 'Mila'],
  ['Gregorio', 'Goyo'],
  ['Cayetano', 'Tano'],
  ['Graciela', 'Chela'],
  ['Socorro', 'Coco'],
  ['Ernesto', 'Neto'],
  ['Ángeles', 'Geles'],
  ['Jorge', 'Coque'],
  ['Vicente', 'Chente'],
  ['Joaquín', 'Quino, Ximo'],
  ['Leonardo', 'Leo'],
  ['Mariano', 'Nano'],
  ['Javier', 'Javi'],
  // Most men named Francisco Javier go by Javier.
  ['Francisco Javier', 'Javier, Javi, Fran, Franja'],
  ['Valentina', 'Vale'],
  ['Carolina', 'Carol, Caro'],
  ['Eugenia', 'Euge'],
  ['Isidro', 'Chilo'],
  ['Leticia', 'Leti'],
  ['Lourdes', 'Lulu'],
  ['Macarena', 'Maca'],
  ['Patricio', 'Pato'],
  ['Raquel', 'Raque'],
  ['Susana', 'Susi'],
  ['Teodoro', 'Teo'],
  ['Verónica', 'Vero'],
  ['Virginia', 'Vicky'],
  // German
  ['Andreas', 'Andi, Andy'],
  ['Johannes', 'Hannes, Jo'],
  ['Wolfgang', 'Wolf'],
  ['Maximilian', 'Max, Maxi'],
  ['Friedrich', 'Fritz'],
  ['Franziska', 'Franzi'],
  ['Christoph', 'Chris'],
  ['Matthias', 'Matze, Matti'],
  ['Thomas', 'Tom'],
];

// Short forms that fit any given name they begin (Chris -> Christian, Christopher, Christina).
const prefixShortForms = [
  'Chris',
  'Mel',
  'Alex',
  'Sam',
  'Dan',
  'Greg',
  'Max',
  'Ben',
  'Nick',
  'Nic',
  'Tom',
  'Ed',
  'Art',
  'Nat',
  'Jen',
  'Jenn',
  'Jess',
  'Kat',
  'Pat',
  'Rob',
  'Val',
  'Vic',
  'Fred',
  'Fran',
  'Gab',
  'Meg',
  'Rich',
  'Ron',
  'Don',
  'Ken',
  'Tim',
  'Stan',
  'Phil',
  'Matt',
  'Jon',
  'Will',
  'Cris',
  'Ale',
  'Dani',
  'Rafa',
  'Sebas',
  'Santi',
  'Edu',
  'Javi',
  'Patri',
  'Marga',
  'Vale',
  'Mari',
  'Gabi',
  'Ger',
  'Theo',
  'Leo',
  'Mich',
  'Gus',
  'Doug',
  'Steph',
  'Liz',
  'Dom',
  'Manu',
] as const;

const splitWords = (value: string): string[] =>
  foldText(value)
    .split(/[\s-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.replace(/[^a-z]/g, ''))
    .filter((word) => word.length > 0 && !['de', 'del', 'la', 'los', 'las'].includes(word));

const buildTables = () => {
  // nickname -> the formal names (each a word sequence) it stands for
  const formalsByNickname = new Map<string, string[][]>();
  // formal name words joined by a space -> its nicknames (each a word sequence)
  const nicknamesByFormal = new Map<string, string[][]>();
  for (const [formal, nicknames] of nicknameTable) {
    const formalWords = splitWords(formal);
    const formalKey = formalWords.join(' ');
    for (const nickname of nicknames.split(',')) {
      const nicknameWords = splitWords(nickname);
      const nicknameKey = nicknameWords.join(' ');
      if (nicknameWords.length === 0 || nicknameKey === formalKey) continue;
      const formals = formalsByNickname.get(nicknameKey) ?? [];
      if (!formals.some((words) => words.join(' ') === formalKey)) formals.push(formalWords);
      formalsByNickname.set(nicknameKey, formals);
      const known = nicknamesByFormal.get(formalKey) ?? [];
      if (!known.some((words) => words.join(' ') === nicknameKey)) known.push(nicknameWords);
      nicknamesByFormal.set(formalKey, known);
    }
  }
  return { formalsByNickname, nicknamesByFormal };
};

// Built on first use, not at load: a server start spent ~5-10 ms here though most starts match nothing.
let tables:
  | (ReturnType<typeof buildTables> & { knownGivenNames: Set<string>; shortForms: Set<string> })
  | undefined;
const nicknameTables = () =>
  (tables ??= {
    ...buildTables(),
    // Every given name the tables know, formal or nickname: evidence that a word is a given name.
    knownGivenNames: new Set(
      nicknameTable.flatMap(([formal, nicknames]) => [
        ...splitWords(formal),
        ...nicknames.split(',').flatMap(splitWords),
      ]),
    ),
    shortForms: new Set(prefixShortForms.map((form) => foldText(form))),
  });

// A short form stands for a longer name: Dan fits Daniel but not Dana.
const minimumRest = 2;

/** Whether a folded word is a given name the nickname tables know (`william`, `bill`, `dolores`). */
export const isKnownGivenName = (word: string): boolean => nicknameTables().knownGivenNames.has(word);

/**
 * The formal given names a nickname stands for, each as folded words:
 * `formalNamesOf('paco')` → `[['francisco']]`, `formalNamesOf('maite')` → `[['maria', 'teresa']]`.
 * The argument may be several words (`'mari carmen'`).
 */
export const formalNamesOf = (nickname: string): readonly string[][] =>
  nicknameTables().formalsByNickname.get(nickname) ?? [];

/** The nicknames of a formal given name (folded words joined by a space): `nicknamesOf('robert')`. */
export const nicknamesOf = (formal: string): readonly string[][] =>
  nicknameTables().nicknamesByFormal.get(formal) ?? [];

/** Whether `value` is a known short form that fits any given name it begins (`chris`, `mel`). */
export const isPrefixShortForm = (value: string): boolean => nicknameTables().shortForms.has(value);

/** Known short forms that begin `givenName` and are shorter than it: `christopher` → `['chris']`. */
export const prefixShortFormsOf = (givenName: string): string[] => {
  const found: string[] = [];
  const { shortForms } = nicknameTables();
  for (let length = 2; length <= givenName.length - minimumRest && length <= 6; length += 1) {
    const prefix = givenName.slice(0, length);
    if (shortForms.has(prefix)) found.push(prefix);
  }
  return found;
};

/**
 * Whether a reviewer's given name fits a patient's given name as a nickname, either way round
 * (Bill → William; a patient recorded as "Bill" and a reviewer writing "William") or as a known
 * short form that begins it (Chris → Christina). Both arguments are single folded words.
 */
export const isNicknameFit = (reviewerWord: string, patientWord: string): boolean => {
  if (reviewerWord === patientWord) return false;
  if (formalNamesOf(reviewerWord).some((words) => words.length === 1 && words[0] === patientWord))
    return true;
  if (formalNamesOf(patientWord).some((words) => words.length === 1 && words[0] === reviewerWord))
    return true;
  return (
    isPrefixShortForm(reviewerWord) &&
    patientWord.startsWith(reviewerWord) &&
    patientWord.length - reviewerWord.length >= minimumRest
  );
};
