import { foldText } from './normalize-name';
import { type Procedure, procedures } from './types';

type ProcedurePattern = { procedure: Procedure; pattern: RegExp };

// Patterns run on folded text (lower-case, no accents: "saç ekimi" -> "sac ekimi") in English,
// Spanish and Turkish, with a few German words for the Turkish clinics' German patients.
// Order matters: phrases that contain "implant" for hair or breasts are consumed before the bare
// word "implant", which at a clinic means a dental implant.
const procedurePatterns: readonly ProcedurePattern[] = [
  {
    procedure: 'Hair Transplant',
    pattern: new RegExp(
      [
        String.raw`hair (?:transplant\w*|restoration|implant\w*|graft\w*)`,
        String.raw`(?:beard|eyebrow|brow|facial hair) transplant\w*`,
        String.raw`(?:fue|dhi|fut|sapphire fue)(?: hair)? (?:technique|method|procedure|transplant\w*|surgery|operation|session)`,
        '(?:trasplante|injerto|implante|microinjerto)s? (?:capilar(?:es)?|de pelo|de cabello|de barba|de cejas)',
        String.raw`(?:sac|sakal|kas|biyik) (?:ekim\w*|nakli\w*)`,
        'haartransplantation|haar ?transplantation',
      ].join('|'),
      'g',
    ),
  },
  {
    procedure: 'Plastic Surgery',
    pattern: new RegExp(
      [
        String.raw`(?:plastic|cosmetic|aesthetic) surger\w*`,
        String.raw`(?:septo)?rhinoplast\w*|nose job|nose surgery|nose reshaping`,
        String.raw`liposuction|liposculpt\w*|lipo\b|vaser`,
        'breast (?:augmentation|enlargement|lift|reduction|implants?|surgery)|boob job',
        String.raw`tummy tuck|abdominoplast\w*|mommy makeover|body contouring`,
        String.raw`face ?lift\w*|neck lift|brow lift|thigh lift|arm lift|butt lift|bbl\b`,
        String.raw`blepharoplast\w*|eyelid (?:surgery|lift)|otoplast\w*|ear pinning|gynecomastia|mastopex\w*|mammoplast\w*`,
        '(?:chin|cheek|buttock|gluteal|calf) implants?',
        String.raw`cirugias? (?:plastica|estetica)s?|rinoplast\w*|liposuccion|lipoescultura|lipotransferencia`,
        'aumento (?:de pecho|de mamas?|de senos|mamario)|implantes? mamarios?|protesis mamarias?',
        '(?:elevacion|reduccion|levantamiento) (?:de pecho|de mamas?|de senos|mamari[ao])',
        'abdominoplastia|lifting (?:facial|de cuello|de cara)|ritidectomia|blefaroplastia|otoplastia|bichectomia|ginecomastia|mamoplastia|mastopexia',
        String.raw`(?:burun|meme|gogus|karin|yuz|goz kapagi|kulak|popo|kalca) (?:estetig\w*|ameliyat\w*|buyutme\w*|kucultme\w*|germe\w*|diklestirme\w*|dolgusu)`,
        String.raw`estetik (?:ameliyat|cerrahi|operasyon)\w*|plastik cerrahi\w*|rinoplasti\w*|liposaksin|liposuction|blefaroplasti|otoplasti|jinekomasti`,
        String.raw`schonheits-?op\w*|nasenkorrektur|fettabsaugung|brustvergrosserung|bruststraffung`,
      ].join('|'),
      'g',
    ),
  },
  {
    procedure: 'PRP Treatment',
    pattern: /\bprp\b|platelet[- ]rich plasma|plasma rico en plaquetas|trombositten zengin plazma/g,
  },
  {
    procedure: 'Teeth Whitening',
    pattern: new RegExp(
      [
        '(?:teeth|tooth|dental|laser) (?:whitening|bleaching)|whitening',
        String.raw`blanqueamiento\w*|blanqueo dental`,
        String.raw`(?:dis )?beyazlatma\w*`,
        'zahnaufhellung|bleaching',
      ].join('|'),
      'g',
    ),
  },
  {
    procedure: 'Root Canal',
    pattern: new RegExp(
      [
        String.raw`root canals?|endodont\w*`,
        'endodoncia|tratamientos? de conductos?|matar el nervio',
        String.raw`kanal tedavi\w*`,
        String.raw`wurzelbehandlung\w*|wurzelkanal\w*`,
      ].join('|'),
      'g',
    ),
  },
  {
    procedure: 'Dental Implant',
    pattern: new RegExp(
      [
        'all[- ]on[- ](?:4|6|four|six)',
        String.raw`\bimplant\w*`,
        String.raw`zahnimplantat\w*|implantat\w*`,
      ].join('|'),
      'g',
    ),
  },
  {
    procedure: 'Other',
    pattern: new RegExp(
      [
        String.raw`veneers?|crowns?|hollywood smile|smile (?:makeover|design)|braces|invisalign|orthodont\w*|extraction|botox|fillers?`,
        'carillas?|coronas? dentales?|ortodoncia|extraccion|relleno|diseno de sonrisa',
        String.raw`(?:porselen |zirkonyum )?lamina\w*|(?:dis )?kaplama\w*|gulus tasarim\w*|ortodonti|dis cekim\w*|dolgu`,
      ].join('|'),
      'g',
    ),
  },
];

// Upper-case FUE/DHI in the raw text name a hair transplant technique; lower-case "fue" is
// Spanish for "was", so the case-insensitive patterns only use them with a following noun.
const hairTechniqueAcronym = /\b(?:FUE|DHI|FUT)\b/;

// In a text typed in capitals ("FUE GENIAL") capitals carry no meaning.
const isShouted = (text: string): boolean => {
  const upper = text.replace(/[^\p{Lu}]/gu, '').length;
  const lower = text.replace(/[^\p{Ll}]/gu, '').length;
  return upper > lower;
};

/**
 * The procedures a review names, in the fixed order of `procedures` (without duplicates).
 * "Other" means it names something outside the six specific procedures (veneers, crowns...).
 */
export const detectProcedures = (text: string): Procedure[] => {
  let remaining = ` ${foldText(text).replace(/[^a-z0-9]+/g, ' ')} `;
  const found = new Set<Procedure>();
  if (hairTechniqueAcronym.test(text) && !isShouted(text)) found.add('Hair Transplant');
  for (const { procedure, pattern } of procedurePatterns) {
    pattern.lastIndex = 0;
    const replaced = remaining.replace(pattern, ' ');
    if (replaced !== remaining) found.add(procedure);
    remaining = replaced;
  }
  return procedures.filter((procedure) => found.has(procedure));
};

/**
 * The procedures a review constrains the patient to: the specific ones it names. A review that
 * only names something counted as "Other" puts no constraint, since "Other" is the clinic's
 * catch-all and says little about what the patient had.
 */
export const constrainingProcedures = (text: string): Procedure[] =>
  detectProcedures(text).filter((procedure) => procedure !== 'Other');
