// Deutsche Texte des Erfassungsformulars und des Fotoschritts (renderer/src/enrolment/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const enrolment: Messages['enrolment'] = {
  field: {
    first_Name: 'Vorname',
    middle_Name: 'Zweiter Vorname',
    last_Name: 'Nachname',
    employee_ID: 'Personalnummer',
    email: 'E-Mail',
    sex: 'Geschlecht',
    phone: 'Telefon',
    address1: 'Adresse',
    address2: 'Adresse (Zeile 2)',
    city: 'Ort',
    state: 'Bundesland/Region',
    zip: 'Postleitzahl',
    tenant: 'Mieter',
    otherTenants: 'Weitere Mieternummern',
    card_Holder_Type_ID: 'Ausweisinhabertyp',
  },
  fieldInSentence: {
    first_Name: 'Vorname',
    middle_Name: 'zweiter Vorname',
    last_Name: 'Nachname',
    employee_ID: 'Personalnummer',
    email: 'E-Mail',
    sex: 'Geschlecht',
    phone: 'Telefon',
    address1: 'Adresse',
    address2: 'Adresse (Zeile 2)',
    city: 'Ort',
    state: 'Bundesland/Region',
    zip: 'Postleitzahl',
    tenant: 'Mieter',
    otherTenants: 'weitere Mieternummern',
    card_Holder_Type_ID: 'Ausweisinhabertyp',
  },
};

export default enrolment;
