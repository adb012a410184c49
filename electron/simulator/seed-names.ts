// Name and address material for seeded cardholders: real-world spellings on purpose (accents,
// hyphens, apostrophes, particles, shared surnames) so the kiosk meets them in demo and tests.
// Data only; cardholder-seed.ts decides how it is combined.

export interface FirstName { name: string; sex: 'M' | 'F' }

export const FIRST_NAMES: readonly FirstName[] = [
  { name: 'Marie', sex: 'F' }, { name: 'Jean-Luc', sex: 'M' }, { name: 'Zoë', sex: 'F' },
  { name: 'José', sex: 'M' }, { name: 'Øyvind', sex: 'M' }, { name: 'Chloé', sex: 'F' },
  { name: 'François', sex: 'M' }, { name: 'Anne-Sophie', sex: 'F' }, { name: 'Søren', sex: 'M' },
  { name: 'Björn', sex: 'M' }, { name: 'Siobhán', sex: 'F' }, { name: 'Seán', sex: 'M' },
  { name: 'Łukasz', sex: 'M' }, { name: 'Małgorzata', sex: 'F' }, { name: 'Jürgen', sex: 'M' },
  { name: 'Ángel', sex: 'M' }, { name: 'Inés', sex: 'F' }, { name: 'Noémie', sex: 'F' },
  { name: 'Hélène', sex: 'F' }, { name: 'Joël', sex: 'M' }, { name: 'Mårten', sex: 'M' },
  { name: 'Åsa', sex: 'F' }, { name: 'Ingrid', sex: 'F' }, { name: 'Lars', sex: 'M' },
  { name: 'Marie-Claire', sex: 'F' }, { name: 'Jean-Pierre', sex: 'M' }, { name: 'Hans-Peter', sex: 'M' },
  { name: 'Ana María', sex: 'F' }, { name: 'Mohammed', sex: 'M' }, { name: 'Fatima', sex: 'F' },
  { name: 'Aïcha', sex: 'F' }, { name: 'Youssef', sex: 'M' }, { name: 'Nguyễn Văn', sex: 'M' },
  { name: 'Thị Lan', sex: 'F' }, { name: 'Wei', sex: 'M' }, { name: 'Mei', sex: 'F' },
  { name: 'Hiroshi', sex: 'M' }, { name: 'Yuki', sex: 'F' }, { name: 'Priya', sex: 'F' },
  { name: 'Arjun', sex: 'M' }, { name: 'Olga', sex: 'F' }, { name: 'Dmitri', sex: 'M' },
  { name: 'Zoltán', sex: 'M' }, { name: 'Réka', sex: 'F' }, { name: 'Çağla', sex: 'F' },
  { name: 'Emre', sex: 'M' }, { name: 'Giulia', sex: 'F' }, { name: 'Niccolò', sex: 'M' },
  { name: 'João', sex: 'M' }, { name: 'Conceição', sex: 'F' }, { name: 'Dagný', sex: 'F' },
  { name: 'Þór', sex: 'M' }, { name: 'Emma', sex: 'F' }, { name: 'Liam', sex: 'M' },
  { name: 'Olivia', sex: 'F' }, { name: 'Noah', sex: 'M' }, { name: 'Sophie', sex: 'F' },
  { name: 'Lucas', sex: 'M' }, { name: 'Léa', sex: 'F' }, { name: 'Hugo', sex: 'M' },
  { name: 'Camille', sex: 'F' }, { name: 'Louis', sex: 'M' }, { name: 'Sarah', sex: 'F' },
  { name: 'Thomas', sex: 'M' }, { name: 'Laura', sex: 'F' }, { name: 'Nicolas', sex: 'M' },
  { name: 'Julia', sex: 'F' }, { name: 'Michael', sex: 'M' }, { name: 'Hannah', sex: 'F' },
  { name: 'David', sex: 'M' }, { name: 'Mia', sex: 'F' }, { name: 'Daniel', sex: 'M' },
  { name: 'Elena', sex: 'F' }, { name: 'Pablo', sex: 'M' }, { name: 'Lucía', sex: 'F' },
  { name: 'Matteo', sex: 'M' }, { name: 'Aoife', sex: 'F' }, { name: 'Ciarán', sex: 'M' },
  { name: 'Nora', sex: 'F' }, { name: 'Erik', sex: 'M' }, { name: 'Katarzyna', sex: 'F' },
  { name: 'Piotr', sex: 'M' }, { name: 'Eszter', sex: 'F' }, { name: 'Mathéo', sex: 'M' },
  { name: 'Amélie', sex: 'F' }, { name: 'Rémi', sex: 'M' }, { name: 'Maëlle', sex: 'F' },
  { name: "D'Arcy", sex: 'M' }, { name: 'Ellen', sex: 'F' }, { name: 'Kwame', sex: 'M' },
  { name: 'Amara', sex: 'F' }, { name: 'Tomás', sex: 'M' }, { name: 'Renée', sex: 'F' },
];

/** Surnames, most common first: seeding draws them with a skew so many people share one. */
export const LAST_NAMES: readonly string[] = [
  'Dupont', 'Martin', 'García', 'Müller', 'Smith', 'Nguyễn', "O'Brien", 'Bernard', 'Johansson',
  'Hansen', 'Rossi', 'Kowalski', 'Silva', 'Dubois', 'Fernández', 'Schmidt', 'Jones', 'Lefèvre',
  'Nielsen', 'van der Berg', 'de la Cruz', 'Møller', 'Sørensen', "D'Angelo", "N'Diaye", 'Smith-Jones',
  'García-López', 'Laurent', 'Moreau', 'Wójcik', 'Nowak', 'Lewandowski', 'Kovács', 'Nagy', 'Horváth',
  'Papadopoulos', 'Yılmaz', 'Öztürk', 'Çelik', 'Petrov', 'Ivanova', 'Novák', 'Dvořák', 'Šimůnek',
  'Jakobsen', 'Ødegård', 'Åberg', 'Lindqvist', 'Björklund', 'Virtanen', 'Mäkinen', 'Korhonen',
  "O'Connor", "O'Sullivan", 'MacDonald', 'McCarthy', 'Fitzgerald', 'Ó Súilleabháin', 'Murphy', 'Kelly',
  'Brown', 'Williams', 'Taylor', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright',
  'Rodríguez', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Díaz', 'Muñoz', 'Álvarez', 'Romero', 'Navarro',
  'Ferreira', 'Gonçalves', 'Conceição', 'Magalhães', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Esposito',
  'Weiß', 'Schäfer', 'Köhler', 'Großmann', 'Becker', 'Hoffmann', 'Fischer', 'Wagner', 'Zimmermann',
  'de Vries', 'Janssen', 'van Dijk', 'Bakker', 'Visser', 'Peeters', 'Claes', 'Tran', 'Lê', 'Phạm',
  'Wang', 'Li', 'Zhang', 'Chen', 'Sato', 'Suzuki', 'Takahashi', 'Kim', 'Park', 'Lee', 'Patel', 'Sharma',
  'Singh', 'Khan', 'Haddad', 'Benali', 'El Amrani', 'Mensah', 'Okafor', 'Adeyemi', 'Kamara',
  'Saint-Exupéry', 'Le Goff', 'Le Bihan', 'Kerguelen', 'Guðmundsdóttir', 'Jónsson', 'Þórsdóttir',
];

export const MIDDLE_NAMES: readonly string[] = [
  'Anne', 'Louise', 'Marie', 'James', 'Paul', 'Élise', 'Joseph', 'Maria', 'Grace', 'Henrik', 'J.', 'K.',
];

export interface CityAddress {
  city: string;
  state: string;
  zipPrefix: string;
  streets: readonly string[];
  /** Phone number prefix; the seed appends digits. */
  phonePrefix: string;
}

export const CITIES: readonly CityAddress[] = [
  { city: 'Lyon', state: '', zipPrefix: '6900', streets: ['rue de la République', 'cours Lafayette', "quai Saint-Antoine"], phonePrefix: '+33 4 72 ' },
  { city: 'Paris', state: '', zipPrefix: '7501', streets: ['rue de Rivoli', 'boulevard Saint-Germain', 'avenue de l’Opéra'], phonePrefix: '+33 1 42 ' },
  { city: 'Genève', state: 'GE', zipPrefix: '120', streets: ['rue du Rhône', 'quai du Mont-Blanc'], phonePrefix: '+41 22 ' },
  { city: 'Zürich', state: 'ZH', zipPrefix: '800', streets: ['Bahnhofstrasse', 'Limmatquai'], phonePrefix: '+41 44 ' },
  { city: 'München', state: 'BY', zipPrefix: '8033', streets: ['Leopoldstraße', 'Maximilianstraße'], phonePrefix: '+49 89 ' },
  { city: 'Oslo', state: '', zipPrefix: '01', streets: ['Karl Johans gate', 'Bogstadveien'], phonePrefix: '+47 22 ' },
  { city: 'Tromsø', state: '', zipPrefix: '90', streets: ['Storgata', 'Grønnegata'], phonePrefix: '+47 77 ' },
  { city: 'København', state: '', zipPrefix: '1', streets: ['Strøget', 'Nørrebrogade'], phonePrefix: '+45 33 ' },
  { city: 'Madrid', state: '', zipPrefix: '280', streets: ['Calle de Alcalá', 'Gran Vía'], phonePrefix: '+34 91 ' },
  { city: 'A Coruña', state: '', zipPrefix: '150', streets: ['Rúa Real', 'Avenida da Mariña'], phonePrefix: '+34 981 ' },
  { city: 'Dublin', state: '', zipPrefix: 'D0', streets: ["O'Connell Street", 'Grafton Street'], phonePrefix: '+353 1 ' },
  { city: 'Kraków', state: '', zipPrefix: '31-', streets: ['ulica Floriańska', 'ulica Grodzka'], phonePrefix: '+48 12 ' },
  { city: 'Springfield', state: 'IL', zipPrefix: '627', streets: ['Main Street', 'Oak Avenue', 'Lincoln Boulevard'], phonePrefix: '+1 217 ' },
  { city: 'Austin', state: 'TX', zipPrefix: '787', streets: ['Congress Avenue', 'South Lamar Boulevard'], phonePrefix: '+1 512 ' },
  { city: 'Montréal', state: 'QC', zipPrefix: 'H2', streets: ['rue Sainte-Catherine', 'boulevard Saint-Laurent'], phonePrefix: '+1 514 ' },
  { city: '', state: '', zipPrefix: '', streets: [''], phonePrefix: '' },
];

export const EMAIL_DOMAINS: readonly string[] = [
  'northwind.example', 'contoso.example', 'fabrikam.example', 'mail.example.org',
];

const SPECIAL_FOLDS: Readonly<Record<string, string>> = {
  ø: 'o', Ø: 'O', æ: 'ae', Æ: 'AE', ß: 'ss', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'Th', ð: 'd', ı: 'i',
};

/** "Øyvind O'Brien-Smith" → "oyvindobriensmith": letters and digits only, for e-mail local parts. */
export function asciiFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØæÆßłŁđĐþÞðı]/g, (ch) => SPECIAL_FOLDS[ch] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
