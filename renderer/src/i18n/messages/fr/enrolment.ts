// Textes français du formulaire d’enregistrement et de l’étape photo (renderer/src/enrolment/) ; mêmes clés qu’en anglais.
import type { Messages } from '../../schema';

const enrolment: Messages['enrolment'] = {
  field: {
    first_Name: 'Prénom',
    middle_Name: 'Deuxième prénom',
    last_Name: 'Nom',
    employee_ID: 'Matricule',
    email: 'E-mail',
    sex: 'Sexe',
    phone: 'Téléphone',
    address1: 'Adresse',
    address2: 'Adresse (ligne 2)',
    city: 'Ville',
    state: 'Région',
    zip: 'Code postal',
    tenant: 'Locataires',
    otherTenants: 'Autres numéros de locataire',
    card_Holder_Type_ID: 'Type de titulaire',
  },
  problem: {
    required: 'Saisissez le {field}.',
    tooLong: '{field} : {max} caractères au plus (actuellement {now}).',
    control: '{field} : supprimez les caractères de contrôle invisibles.',
    employeeIdCharacters: 'Matricule : lettres, chiffres, tirets et points uniquement (par exemple E-1234).',
    employeeIdPattern: 'Matricule : les matricules de ce site ont une autre forme ; vérifiez-le sur le badge ou le dossier RH.',
    email: "E-mail : saisissez une adresse comme nom{'@'}example.org.",
    phone: 'Téléphone : chiffres, espaces et + ( ) - . / uniquement.',
    sex: 'Choisissez le sexe, ou laissez le champ vide.',
    otherTenants: 'Autres numéros de locataire : nombres entiers séparés par des virgules.',
    tooManyTenants: '{max} locataires au plus.',
    type: 'Type de titulaire : choisissez-en un dans la liste, ou laissez le service décider.',
  },
  fieldInSentence: {
    first_Name: 'prénom',
    middle_Name: 'deuxième prénom',
    last_Name: 'nom',
    employee_ID: 'matricule',
    email: 'e-mail',
    sex: 'sexe',
    phone: 'téléphone',
    address1: 'adresse',
    address2: 'adresse (ligne 2)',
    city: 'ville',
    state: 'région',
    zip: 'code postal',
    tenant: 'locataires',
    otherTenants: 'autres numéros de locataire',
    card_Holder_Type_ID: 'type de titulaire',
  },
};

export default enrolment;
