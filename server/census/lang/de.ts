/**
 * German: personnel master-data lists of German HR and payroll systems and school/ERP data
 * dictionaries (Personalnummer, Nachname, Vorname, Anrede Herr/Frau, Geburtsdatum, Geschlecht,
 * Eintrittsdatum, Austrittsdatum, Bruttogehalt, Familienstand, Kostenstelle, Abteilung), HR tool
 * exports ("Ist Aktiv": aktiv/inaktiv) and group-insurance member lists (Versicherter, Ehepartner,
 * Kind, mitversichert).
 */
import type { LanguagePack } from './types';

export const de: LanguagePack = {
  code: 'de',
  name: 'German',
  sources: [
    'HR master-data dictionaries and personnel lists (Personalnummer, Vorname, Nachname, Eintrittsdatum, Austrittsdatum, Bruttogehalt)',
    'HR tool employee lists (Ist Aktiv: aktiv / inaktiv; Berufsbezeichnung; Krankenversicherung)',
    'group-insurance member lists (Versicherter, Ehepartner, Kind, mitversichert)',
  ],
  headers: {
    employeeId: [
      'personalnummer', 'personal nr', 'pers nr', 'personalnr', 'mitarbeiternummer', 'mitarbeiter nr', 'mitarbeiter id', 'ma nr',
      'stammnummer', 'versichertennummer@0.8', 'mitglieds nr@0.8', 'mitgliedsnummer@0.8',
    ],
    firstName: ['vorname', 'vornamen', 'rufname'],
    lastName: ['nachname', 'familienname', 'zuname', 'name@0.6'],
    fullName: ['vollstandiger name', 'name vorname', 'vor und nachname', 'vorname nachname', 'nachname vorname', 'mitarbeiter@0.7', 'mitarbeitername'],
    relationship: [
      'verwandtschaftsverhaltnis', 'verwandtschaft', 'beziehung', 'verhaltnis zum versicherten', 'versichertenart', 'personenart',
      'angehorigenart', 'art der person', 'mitversichert@0.6', 'beziehung zum mitarbeiter', 'rolle@0.5',
    ],
    dateOfBirth: ['geburtsdatum', 'geb datum', 'geburtstag', 'geb am', 'geboren am', 'geburts datum', 'geb'],
    age: ['alter', 'lebensalter', 'alter in jahren'],
    gender: ['geschlecht', 'anrede@0.8', 'geschlecht m w'],
    zip: ['plz', 'postleitzahl'],
    state: ['bundesstaat', 'staat@0.8', 'bundesland@0.7'],
    hireDate: [
      'eintrittsdatum', 'eintritt', 'eintritt am', 'beschaftigt seit', 'betriebszugehorigkeit seit', 'einstellungsdatum',
      'beginn beschaftigung', 'unternehmenseintritt', 'datum eintritt',
    ],
    annualSalary: [
      'jahresgehalt', 'bruttojahresgehalt', 'jahreseinkommen', 'jahresbrutto', 'jahresentgelt', 'brutto jahresgehalt',
      'gehalt@0.85', 'bruttogehalt@0.85', 'grundgehalt@0.85', 'einkommen@0.8', 'entgelt@0.8', 'jahresverdienst',
    ],
    monthlySalary: ['monatsgehalt', 'bruttomonatsgehalt', 'monatsbrutto', 'monatliches gehalt', 'monatsentgelt', 'brutto monatsgehalt', 'monatslohn'],
    hourlyRate: ['stundenlohn', 'stundensatz', 'lohn pro stunde'],
    hoursPerWeek: ['wochenstunden', 'wochenarbeitszeit', 'stunden pro woche', 'arbeitszeit@0.7', 'sollstunden woche'],
    status: ['status@0.9', 'beschaftigungsstatus', 'mitarbeiterstatus', 'aktiv', 'ist aktiv', 'beschaftigungsverhaltnis@0.6'],
    coverageTier: ['deckungsumfang', 'versicherungsumfang', 'tarifstufe@0.6', 'deckung', 'versicherungsart@0.6'],
    jobTitle: ['position@0.9', 'stelle', 'berufsbezeichnung', 'tatigkeit', 'funktion', 'jobtitel', 'beruf', 'stellenbezeichnung'],
    tobacco: ['raucher', 'nichtraucher@0.9', 'tabakkonsum', 'raucher nichtraucher'],
    ssn: ['sozialversicherungsnummer', 'sv nummer', 'sv nr', 'rentenversicherungsnummer', 'steuer id@0.6', 'steueridentifikationsnummer@0.6'],
    spouseDateOfBirth: ['geburtsdatum ehepartner', 'geburtsdatum ehegatte', 'geburtsdatum partner@0.9', 'ehepartner geburtsdatum'],
    childDateOfBirth: ['geburtsdatum des kindes', 'geburtsdatum kinder', 'kinder geburtsdatum'],
    ignore: [
      'titel', 'namenszusatz', 'strasse', 'hausnummer', 'ort', 'wohnort', 'stadt', 'land', 'telefon', 'mobiltelefon', 'e mail',
      'abteilung', 'kostenstelle', 'standort', 'firma', 'familienstand', 'staatsangehorigkeit', 'nationalitat', 'austrittsdatum',
      'austritt', 'konfession', 'steuerklasse', 'krankenkasse', 'krankenversicherung', 'bemerkung', 'bemerkungen', 'kommentar',
      'vorgesetzter', 'name des ehepartners', 'geburtsort', 'probezeit bis', 'befristet bis', 'gultig von', 'gultig bis', 'iban',
    ],
  },
  abbreviations: { geb: 'geburtsdatum', gebdat: 'geburtsdatum', pers: 'personal', persnr: 'personalnummer', nr: 'number', nummer: 'number', ma: 'mitarbeiter', plz: 'postleitzahl', sv: 'sozialversicherung' },
  stopwords: ['der', 'die', 'das', 'des', 'dem', 'den', 'und', 'oder', 'im', 'am', 'zum', 'zur', 'von', 'vom', 'fur', 'mit', 'ist'],
  noise: ['tt', 'jjjj', 'jj', 'ttmmjjjj', 'pflichtfeld', 'pflicht', 'freiwillig'],
  neutral: ['mitarbeiter', 'mitarbeiterin', 'arbeitnehmer', 'versicherter', 'versicherte', 'aktuell', 'aktueller', 'person', 'art'],
  negative: [
    'ehepartner', 'ehegatte', 'ehefrau', 'ehemann', 'kinder', 'kindes', 'sohn', 'tochter', 'vorgesetzter', 'firma', 'austritt',
    'austrittsdatum', 'strasse', 'telefon', 'geburtsort', 'probezeit', 'befristet',
  ],
  dependentWords: ['ehepartner', 'ehegatte', 'ehefrau', 'ehemann', 'kinder', 'kindes', 'sohn', 'tochter', 'lebenspartner'],
  codes: {
    relationship: {
      employee: ['Mitarbeiter', 'Mitarbeiterin', 'Arbeitnehmer', 'Arbeitnehmerin', 'Versicherter', 'Versicherte', 'Hauptversicherter', 'Selbst', 'Mitglied'],
      spouse: ['Ehepartner', 'Ehepartnerin', 'Ehegatte', 'Ehegattin', 'Ehefrau', 'Ehemann'],
      domesticPartner: ['Lebenspartner', 'Lebenspartnerin', 'Lebensgefährte', 'Lebensgefährtin', 'Lebensgefaehrte'],
      child: ['Kind', 'Kinder', 'Sohn', 'Tochter', 'Stiefkind', 'Pflegekind'],
      other: ['Eltern', 'Vater', 'Mutter', 'Sonstige', 'Andere', 'Elternteil'],
    },
    gender: { male: ['Männlich', 'Maennlich', 'Mann', 'Herr'], female: ['Weiblich', 'Frau'], unknown: ['Divers', 'Unbekannt', 'Keine Angabe'] },
    status: {
      active: ['Aktiv', 'Beschäftigt', 'Beschaeftigt', 'Angestellt', 'Vollzeit', 'Teilzeit'],
      terminated: ['Ausgeschieden', 'Inaktiv', 'Gekündigt', 'Gekuendigt', 'Ausgetreten'],
      leave: ['Elternzeit', 'Beurlaubt', 'Ruhend', 'Mutterschutz', 'Krank'],
      retired: ['Rentner', 'Rentnerin', 'Ruhestand', 'Pensioniert'],
      deceased: ['Verstorben'],
    },
    tier: {
      EE: ['Nur Mitarbeiter', 'Mitarbeiter allein', 'Einzeln', 'Einzelperson'],
      ES: ['Mitarbeiter + Ehepartner', 'Mitarbeiter und Ehepartner', 'Mitarbeiter + Partner', 'Paar'],
      EC: ['Mitarbeiter + Kinder', 'Mitarbeiter und Kinder', 'Mitarbeiter + Kind'],
      EF: ['Familie', 'Mitarbeiter + Familie', 'Mitarbeiter und Familie'],
      waived: ['Verzichtet', 'Abgelehnt', 'Keine Deckung', 'Verzicht'],
    },
    tobacco: { yes: ['Ja', 'Raucher'], no: ['Nein', 'Nichtraucher'] },
    yes: ['Ja'],
    no: ['Nein'],
  },
  codeHints: {
    relationship: {
      domesticPartner: ['lebenspartner', 'lebenspartnerin', 'lebensgefährte', 'lebensgefährtin'],
      spouse: ['ehepartner', 'ehepartnerin', 'ehefrau', 'ehemann', 'gatte', 'gattin'],
      child: ['kind', 'kinder', 'sohn', 'tochter', 'stiefkind'],
      employee: ['mitarbeiter', 'mitarbeiterin', 'arbeitnehmer', 'arbeitnehmerin', 'versicherter', 'versicherte', 'hauptversicherter'],
    },
    status: {
      deceased: ['verstorben'],
      retired: ['rentner', 'rentnerin', 'pensionär', 'ruhestand'],
      terminated: ['ausgeschieden', 'gekündigt', 'inaktiv'],
      leave: ['elternzeit', 'beurlaubt', 'karenz'],
      active: ['aktiv'],
    },
    tier: {
      waived: ['verzicht', 'keine deckung'],
      EF: ['familie'],
      ES: ['ehepartner', 'ehepartnerin', 'lebenspartner'],
      EC: ['kind', 'kinder'],
      EE: ['einzel', 'allein'],
    },
  },
  months: [
    ['januar', 'jan', 'janner'], ['februar', 'feb'], ['marz', 'maerz', 'mrz'], ['april', 'apr'], ['mai'], ['juni', 'jun'],
    ['juli', 'jul'], ['august', 'aug'], ['september', 'sep', 'sept'], ['oktober', 'okt'], ['november', 'nov'], ['dezember', 'dez'],
  ],
  placeholders: ['k.a.', 'ka', 'keine angabe', 'unbekannt', 'entfallt', 'n/v'],
  descriptive: ['pflichtfeld', 'pflicht', 'optional', 'freiwillig', 'format', 'beispiel', 'bitte', 'tt.mm.jjjj'],
  roles: {
    pay: ['gehalt', 'lohn', 'entgelt', 'verdienst', 'vergutung', 'bezuge'],
    payMode: ['art', 'typ', 'modus', 'basis', 'turnus', 'rhythmus'],
    paySchedule: ['turnus', 'rhythmus'],
    period: ['jahrlich', 'monatlich', 'wochentlich', 'stundlich', 'pro stunde', 'pro monat', 'pro jahr'],
    payAmount: ['gehalt', 'lohn', 'entgelt', 'betrag', 'satz'],
    yearPay: ['gehalt', 'jahrlich'],
    hourPay: ['stundlich', 'stunde', 'satz'],
    either: ['oder', 'und'],
    rehire: ['wiedereinstellung', 'wiedereintritt', 'wiedereintritts'],
    // German glues its date word to the exit: 'Austritts' + 'datum'.
    exit: ['austritt', 'austritts', 'ausscheiden', 'ausscheide', 'ausscheidens', 'ausgeschieden', 'kundigung', 'kundigungs', 'beendigung', 'beendigungs'],
    exitDate: ['datum'],
    date: ['datum', 'tag', 'am'],
    notEmployment: ['versicherung', 'deckung', 'tarif', 'vertrag', 'leistung', 'police'],
    sequence: ['laufende nummer', 'lfd nr', 'folgenummer'],
  },
};
