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
