/**
 * French: the personal-data lists of French HR and payroll systems published in decrees (SI Paye,
 * SIRHIUS, REHUCIT: matricule, nom, prénoms, sexe, date de naissance, situation familiale, conjoint,
 * enfants, lien de parenté, ayant droit), mutuelle and prévoyance affiliation lists (assuré, ayant droit,
 * structure de cotisation isolé / duo / famille, dispense) and DSN-style employee lists (date
 * d'entrée, salaire brut, numéro de sécurité sociale).
 */
import type { LanguagePack } from './types';

export const fr: LanguagePack = {
  code: 'fr',
  name: 'French',
  sources: [
    'decrees listing HR and payroll personal data (SI Paye, SIRHIUS, REHUCIT GP): matricule, nom, prénoms, lien de parenté',
    'mutuelle / prévoyance affiliation and dispense forms (assuré, ayant droit, isolé, duo, famille)',
    'DSN-style payroll exports (date d\'entrée, salaire brut annuel, NIR)',
  ],
  headers: {
    employeeId: [
      'matricule', 'numero de matricule', 'matricule salarie', 'matricule agent', 'identifiant', 'identifiant salarie', 'id salarie',
      'numero salarie', 'numero d adherent', 'numero adherent', 'code salarie', 'numero de contrat@0.6', 'numero d assure',
    ],
    firstName: ['prenom', 'prenoms', 'prenom usuel', 'prenom du salarie', 'prenom de l assure'],
    lastName: ['nom', 'nom de famille', 'nom patronymique', 'nom de naissance', 'nom usuel', 'nom du salarie', 'nom de l assure'],
    fullName: ['nom et prenom', 'nom prenom', 'nom complet', 'prenom nom', 'nom et prenoms', 'identite', 'salarie@0.7', 'assure@0.7'],
    relationship: [
      'lien de parente', 'lien parente', 'qualite de l assure', 'type de beneficiaire', 'type d assure', 'lien avec l assure',
      'lien avec le salarie', 'assure ayant droit', 'type de personne@0.6', 'rang@0.5', 'qualite',
    ],
    dateOfBirth: ['date de naissance', 'date naissance', 'date naiss', 'naissance', 'ne le', 'nee le', 'ne e le'],
    age: ['age', 'age actuel'],
    gender: ['sexe', 'genre', 'civilite@0.8', 'sexe h f'],
    zip: ['code postal', 'cp', 'code postal domicile'],
    // A US census written in French: 'État' is the state of the address (France has none).
    state: ['etat', 'etat de residence'],
    hireDate: [
      'date d entree', 'date entree', 'date d embauche', 'date embauche', 'date d anciennete@0.85', 'date anciennete@0.85',
      'entree dans l entreprise', 'date d entree dans l entreprise', 'date de debut de contrat@0.8',
    ],
    annualSalary: [
      'salaire annuel', 'salaire annuel brut', 'salaire brut annuel', 'remuneration annuelle', 'remuneration annuelle brute',
      'salaire@0.85', 'remuneration@0.85', 'salaire de base@0.85', 'salaire brut@0.85', 'brut annuel',
    ],
    monthlySalary: ['salaire mensuel', 'salaire mensuel brut', 'salaire brut mensuel', 'remuneration mensuelle', 'brut mensuel'],
    hourlyRate: ['taux horaire', 'salaire horaire', 'taux horaire brut'],
    hoursPerWeek: ['heures hebdomadaires', 'horaire hebdomadaire', 'duree hebdomadaire', 'heures par semaine', 'temps de travail@0.7'],
    status: ['statut@0.85', 'situation@0.8', 'statut du salarie', 'actif', 'situation du salarie', 'position administrative@0.8'],
    coverageTier: [
      'structure de cotisation', 'niveau de couverture', 'type de couverture', 'couverture', 'formule@0.7', 'type d adhesion',
      'regime@0.6',
    ],
    jobTitle: ['poste', 'fonction', 'emploi', 'intitule du poste', 'intitule de poste', 'metier', 'libelle emploi', 'qualification@0.7'],
    tobacco: ['fumeur', 'tabac', 'fumeur non fumeur'],
    ssn: ['numero de securite sociale', 'numero ss', 'nir', 'numero secu', 'n ss', 'numero d inscription au repertoire'],
    spouseDateOfBirth: ['date de naissance du conjoint', 'date naissance conjoint', 'naissance conjoint'],
    childDateOfBirth: ['date de naissance de l enfant', 'date naissance enfant', 'naissance enfant'],
    ignore: [
      'nom de jeune fille', 'nom du conjoint', 'prenom du conjoint', 'adresse', 'ville', 'commune', 'pays', 'telephone', 'courriel',
      'adresse mail', 'service', 'departement', 'etablissement', 'site', 'societe', 'entreprise', 'situation familiale',
      'situation de famille', 'nationalite', 'date de sortie', 'motif de sortie', 'commentaires', 'observations', 'remarques',
      'categorie@0.7', 'college@0.7', 'cadre non cadre', 'contrat', 'type de contrat', 'nature du contrat', 'lieu de naissance',
      'date d effet', 'code insee', 'caisse@0.7', 'organisme@0.7',
    ],
  },
  abbreviations: { naiss: 'naissance', num: 'number', numero: 'number', no: 'number', nb: 'number', mat: 'matricule', secu: 'securite', tel: 'telephone', soc: 'sociale', ent: 'entree' },
  stopwords: ['de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'et', 'ou', 'au', 'aux', 'en', 'par', 'pour'],
  noise: ['jj', 'aaaa', 'aa', 'jjmmaaaa', 'obligatoire', 'facultatif', 'optionnel'],
  neutral: ['salarie', 'assure', 'agent', 'adherent', 'collaborateur', 'personnel', 'actuel', 'principal', 'type'],
  negative: [
    'conjoint', 'epoux', 'epouse', 'enfant', 'concubin', 'partenaire', 'responsable', 'manager', 'societe', 'entreprise', 'sortie',
    'adresse', 'telephone', 'jeune', 'fille', 'familiale', 'famille', 'effet', 'lieu',
  ],
  dependentWords: ['conjoint', 'epoux', 'epouse', 'enfant', 'concubin', 'concubine', 'partenaire'],
  codes: {
    relationship: {
      employee: ['Assuré', 'Assure', 'Assuré principal', 'Salarié', 'Salarie', 'Adhérent', 'Adherent', 'Ouvrant droit', 'Titulaire', 'Membre participant'],
      spouse: ['Conjoint', 'Conjointe', 'Époux', 'Epoux', 'Épouse', 'Epouse', 'Mari'],
      domesticPartner: ['Concubin', 'Concubine', 'Pacsé', 'Pacse', 'Pacsée', 'Partenaire PACS', 'Partenaire de PACS'],
      child: ['Enfant', 'Enfants', 'Fils', 'Fille', 'Enfant à charge', 'Ayant droit', 'Ayant-droit'],
      other: ['Ascendant', 'Autre', 'Père', 'Pere', 'Mère', 'Mere', 'Autre ayant droit'],
    },
    gender: { male: ['Masculin', 'Homme', 'Monsieur', 'M.'], female: ['Féminin', 'Feminin', 'Femme', 'Madame', 'Mme', 'Mlle', 'Mademoiselle'], unknown: ['Inconnu', 'Non renseigné'] },
    status: {
      active: ['Actif', 'Active', 'En poste', 'En activité', 'En activite', 'Présent', 'CDI', 'CDD'],
      terminated: ['Sorti', 'Sortie', 'Inactif', 'Inactive', 'Parti', 'Licencié', 'Démissionnaire'],
      leave: ['Congé', 'Conge', 'En congé', 'Arrêt maladie', 'Arret maladie', 'Congé parental', 'Suspendu'],
      retired: ['Retraité', 'Retraite', 'Retraitée'],
      deceased: ['Décédé', 'Decede', 'Décédée'],
      waived: ['Dispensé', 'Dispense', 'Dispensée'],
    },
    tier: {
      EE: ['Isolé', 'Isole', 'Salarié seul', 'Salarie seul', 'Seul', 'Adulte seul'],
      ES: ['Duo', 'Couple', 'Salarié + conjoint', 'Salarié et conjoint', 'Salarie + conjoint'],
      EC: ['Salarié + enfants', 'Salarié et enfants', 'Salarie + enfants', 'Adulte + enfants', 'Monoparentale', 'Famille monoparentale'],
      EF: ['Famille', 'Salarié + famille', 'Salarie + famille', 'Salarié + conjoint + enfants'],
      waived: ['Dispense', 'Dispensé', 'Non adhérent', 'Refus'],
    },
    tobacco: { yes: ['Oui', 'Fumeur'], no: ['Non', 'Non fumeur', 'Non-fumeur'] },
    yes: ['Oui'],
    no: ['Non'],
  },
  codeHints: {
    relationship: {
      domesticPartner: ['concubin', 'concubine', 'pacsé', 'pacsée', 'partenaire'],
      spouse: ['conjoint', 'conjointe', 'époux', 'épouse', 'mari'],
      child: ['enfant', 'enfants', 'fils', 'fille', 'filles'],
      employee: ['salarié', 'salariée', 'assuré', 'assurée', 'titulaire', 'employé', 'employée'],
    },
    status: {
      deceased: ['décédé', 'décédée'],
      retired: ['retraite', 'retraité', 'retraitée'],
      terminated: ['sorti', 'sortie', 'licencié', 'licenciée', 'démission', 'démissionnaire', 'inactif'],
      leave: ['congé', 'arrêt maladie', 'invalidité'],
      active: ['actif', 'active'],
    },
    tier: {
      waived: ['renonce', 'renonciation', 'dispense', 'dispensé', 'sans couverture'],
      EF: ['famille'],
      ES: ['conjoint', 'conjointe', 'époux', 'épouse'],
      EC: ['enfant', 'enfants'],
      EE: ['isolé', 'isolée', 'seul', 'seule'],
    },
  },
  months: [
    ['janvier', 'janv'], ['fevrier', 'fevr', 'fev'], ['mars'], ['avril', 'avr'], ['mai'], ['juin'],
    ['juillet', 'juil'], ['aout'], ['septembre', 'sept'], ['octobre', 'oct'], ['novembre', 'nov'], ['decembre', 'dec'],
  ],
  placeholders: ['non renseigne', 'nc', 'n/c', 'inconnu', 'aucun', 'sans objet', 'neant'],
  descriptive: ['obligatoire', 'facultatif', 'optionnel', 'format', 'exemple', 'saisir', 'indiquer', 'jj/mm/aaaa'],
};
