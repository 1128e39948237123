import {
  buildPatientIndex,
  type MatchPatient,
  type MatchReviewInput,
  matchReview,
} from '@careloop/domain/matching/index';
import { writeResult } from './support/report';

// Workload: one clinic of 200,000 patients (English, Spanish and Turkish names, seven
// procedures, procedure dates over two years) matched against 20,000 reviews whose reviewer names
// are written the ways people write them: full, lower-case, first + initial, first only, nickname,
// without accents, username, anonymous, strangers, a truncated given name, another language's
// given name, place and badge words, and the name run together in capitals. Generated with a fixed seed.
const patientCount = Number(process.env.BENCH_PATIENTS ?? 200_000);
const reviewCount = Number(process.env.BENCH_REVIEWS ?? 20_000);

let seed = 20261122;
const random = () => {
  seed = (seed * 1_664_525 + 1_013_904_223) % 4_294_967_296;
  return seed / 4_294_967_296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const given = [
  'María',
  'José',
  'Juan',
  'Ana',
  'Lucía',
  'Carmen',
  'Francisco',
  'Javier',
  'Mehmet',
  'Ayşe',
  'Şükrü',
  'Zeynep',
  'Emre',
  'Elif',
  'Mustafa',
  'Fatma',
  'John',
  'Michael',
  'William',
  'Emily',
  'Sarah',
  'James',
  'Robert',
  'Linda',
  'Margaret',
  'Thomas',
  'Ignacio',
  'Dolores',
  'Rosario',
  'Guadalupe',
];
const surnames = [
  'García',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Ruiz',
  'Moreno',
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Öztürk',
  'Aydın',
  'Arslan',
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Iglesias',
  'Navarro',
  'Doğan',
  'Koç',
];
const proceduresList = [
  'Hair Transplant',
  'Dental Implant',
  'Plastic Surgery',
  'PRP Treatment',
  'Teeth Whitening',
  'Root Canal',
  'Other',
];
const nicknames: Record<string, string> = {
  William: 'Bill',
  Robert: 'Bob',
  Margaret: 'Peggy',
  Francisco: 'Paco',
  José: 'Pepe',
  Ignacio: 'Nacho',
  Dolores: 'Lola',
  Rosario: 'Charo',
  Michael: 'Mike',
  James: 'Jim',
};
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/ş/g, 's')
    .replace(/ç/g, 'c')
    .replace(/ğ/g, 'g');
const day = 86_400_000;
const start = Date.parse('2024-01-01T00:00:00Z');

const patients: MatchPatient[] = Array.from({ length: patientCount }, (_, i) => {
  const first = pick(given);
  const last = `${pick(surnames)}${random() < 0.4 ? ` ${pick(surnames)}` : ''}`;
  return {
    id: `pat_${i}`,
    name: `${first} ${last}`,
    email: `${fold(first).toLowerCase()}.${fold(last.split(' ')[0]!).toLowerCase()}${i}@example.com`,
    procedure: pick(proceduresList),
    procedureDate: new Date(start + Math.floor(random() * 700) * day).toISOString().slice(0, 10),
  };
});

const reviews: MatchReviewInput[] = Array.from({ length: reviewCount }, (_, i) => {
  const p = pick(patients);
  const [first, ...rest] = p.name.split(' ');
  const surname = rest[0] ?? '';
  const variants = [
    p.name,
    p.name.toLowerCase(),
    `${first} ${surname.charAt(0)}.`,
    first!,
    `${nicknames[first!] ?? first} ${surname}`,
    fold(p.name),
    p.email!.split('@')[0]!,
    'A Trustpilot user',
    `${pick(given)} Stranger${i}`,
    `${first!.slice(0, 4)}. ${surname}`,
    `Joseph ${surname}`,
    `${p.name} · Madrid · Local Guide`,
    `${first}${surname}`.toUpperCase(),
  ];
  return {
    id: `rev_${i}`,
    reviewerName: pick(variants),
    title: 'Visit',
    text: random() < 0.3 ? `My ${p.procedure?.toLowerCase()} went well.` : 'Friendly staff.',
    reviewDate: new Date(
      Date.parse(`${p.procedureDate}T12:00:00Z`) + Math.floor(random() * 150) * day,
    ).toISOString(),
    language: 'en',
  };
});

const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const t0 = performance.now();
const index = buildPatientIndex(patients);
const t1 = performance.now();
const counts: Record<string, number> = { matched: 0, multiple_matches: 0, unmatched: 0 };
for (const review of reviews) counts[matchReview(review, index).status]! += 1;
const t2 = performance.now();
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const totalSeconds = (t2 - t0) / 1000;
writeResult('matching', {
  workload: `${patientCount} patients, ${reviewCount} reviews, one clinic, in one process. Target: under 60 s and 1.5 GB.`,
  figures: {
    result: {
      indexBuildSeconds: Math.round((t1 - t0) / 10) / 100,
      matchSeconds: Math.round((t2 - t1) / 10) / 100,
      totalSeconds: Math.round(totalSeconds * 100) / 100,
      reviewsPerSecond: Math.round(reviewCount / ((t2 - t1) / 1000)),
      peakRssMiB: Math.round(peakRss / 1024 / 1024),
      ...counts,
    },
  },
});
