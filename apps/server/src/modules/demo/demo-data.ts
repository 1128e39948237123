// A small, realistic demo clinic: a hair-transplant and dental practice with patients from Spain,
// Turkey, the UK and the US. Names and numbers are made up.
export const demoClinic = {
  name: 'Bosphorus Smile & Hair Clinic',
  email: 'demo@careloop.local',
  phone: '+902125550100',
  category: 'hair_transplant',
  timeZone: 'Europe/Istanbul',
} as const;

export const demoOwner = {
  email: 'demo@careloop.local',
  password: 'careloop-demo',
  firstName: 'Deniz',
  lastName: 'Aydın',
} as const;

type DemoPatient = {
  key: string;
  name: string;
  email: string | null;
  phone: string;
  procedure: string;
  status: 'active' | 'completed' | 'watch' | 'red';
  daysAgo: number;
  language: 'en' | 'es' | 'tr';
  /** Marketing (cross-sell) consent recorded by staff. */
  marketingConsent?: boolean;
};

export const demoPatients: DemoPatient[] = [
  {
    key: 'p1',
    name: 'María José García López',
    email: 'mjgarcia@example.es',
    phone: '+34612345678',
    procedure: 'Hair Transplant',
    status: 'active',
    daysAgo: 12,
    language: 'es',
    marketingConsent: true,
  },
  {
    key: 'p2',
    name: 'James Whitfield',
    email: 'james.whitfield@example.co.uk',
    phone: '+447911123456',
    procedure: 'Dental Implant',
    status: 'watch',
    daysAgo: 9,
    language: 'en',
    marketingConsent: true,
  },
  {
    key: 'p3',
    name: 'Şükrü Öztürk',
    email: 'sukru.ozturk@example.com.tr',
    phone: '+905321234567',
    procedure: 'Hair Transplant',
    status: 'completed',
    daysAgo: 60,
    language: 'tr',
  },
  {
    key: 'p4',
    name: 'Emily Carter',
    email: 'emily.carter@example.com',
    phone: '+13055550142',
    procedure: 'Teeth Whitening',
    status: 'active',
    daysAgo: 4,
    language: 'en',
    marketingConsent: true,
  },
  {
    key: 'p5',
    name: 'Francisco Javier Ruiz Moreno',
    email: null,
    phone: '+34699887766',
    procedure: 'PRP Treatment',
    status: 'red',
    daysAgo: 3,
    language: 'es',
  },
  {
    key: 'p6',
    name: 'Ayşe Demir',
    email: 'ayse.demir@example.com.tr',
    phone: '+905051112233',
    procedure: 'Root Canal',
    status: 'active',
    daysAgo: 20,
    language: 'tr',
  },
  {
    key: 'p7',
    name: 'Michael Brooks',
    email: 'mbrooks@example.com',
    phone: '+12125550199',
    procedure: 'Dental Implant',
    status: 'completed',
    daysAgo: 45,
    language: 'en',
    marketingConsent: true,
  },
  {
    key: 'p8',
    name: 'Lucía Fernández',
    email: 'lucia.f@example.es',
    phone: '+34655443322',
    procedure: 'Plastic Surgery',
    status: 'active',
    daysAgo: 30,
    language: 'es',
    marketingConsent: true,
  },
];

type DemoReview = {
  key: string;
  patientKey: string | null;
  reviewerName: string;
  rating: number;
  title: string;
  text: string;
  daysAgo: number;
  language: 'en' | 'es' | 'tr';
  matchStatus: 'matched' | 'multiple_matches' | 'unmatched';
};

export const demoReviews: DemoReview[] = [
  {
    key: 'r1',
    patientKey: 'p2',
    reviewerName: 'James W.',
    rating: 2,
    title: 'Implant still sore',
    text: 'Two weeks after my implant it still hurts and nobody called me back.',
    daysAgo: 1,
    language: 'en',
    matchStatus: 'matched',
  },
  {
    key: 'r2',
    patientKey: 'p3',
    reviewerName: 'Şükrü Öztürk',
    rating: 5,
    title: 'Harika sonuç',
    text: 'Saç ekimi sonrası çok memnunum, ekip çok ilgiliydi.',
    daysAgo: 20,
    language: 'tr',
    matchStatus: 'matched',
  },
  {
    key: 'r3',
    patientKey: 'p1',
    reviewerName: 'María José',
    rating: 4,
    title: 'Muy buen trato',
    text: 'El trasplante capilar fue bien, la recuperación un poco lenta.',
    daysAgo: 5,
    language: 'es',
    matchStatus: 'matched',
  },
  {
    key: 'r4',
    patientKey: null,
    reviewerName: 'A Trustpilot user',
    rating: 3,
    title: 'Okay experience',
    text: 'Friendly staff but the waiting time was long.',
    daysAgo: 7,
    language: 'en',
    matchStatus: 'unmatched',
  },
  {
    key: 'r5',
    patientKey: 'p7',
    reviewerName: 'Mike Brooks',
    rating: 5,
    title: 'Great implant work',
    text: 'Professional team and a painless procedure.',
    daysAgo: 30,
    language: 'en',
    matchStatus: 'matched',
  },
  {
    key: 'r6',
    patientKey: null,
    reviewerName: 'Carmen',
    rating: 1,
    title: 'No volvería',
    text: 'Me cancelaron la cita dos veces sin avisar.',
    daysAgo: 2,
    language: 'es',
    matchStatus: 'unmatched',
  },
];
