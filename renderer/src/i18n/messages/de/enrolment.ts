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
  problem: {
    required: 'Bitte {field} eingeben.',
    tooLong: '{field}: höchstens {max} Zeichen (jetzt {now}).',
    control: '{field}: Bitte die unsichtbaren Steuerzeichen entfernen.',
    employeeIdCharacters: 'Personalnummer: nur Buchstaben, Ziffern, Bindestriche und Punkte (zum Beispiel E-1234).',
    employeeIdPattern: 'Personalnummer: Die Personalnummern dieses Standorts sehen anders aus; bitte mit dem Ausweis oder der Personalakte abgleichen.',
    email: "E-Mail: Bitte eine Adresse wie name{'@'}example.org eingeben.",
    phone: 'Telefon: nur Ziffern, Leerzeichen und + ( ) - . /',
    sex: 'Bitte das Geschlecht wählen oder das Feld leer lassen.',
    otherTenants: 'Weitere Mieternummern: ganze Zahlen, durch Kommas getrennt.',
    tooManyTenants: 'Höchstens {max} Mieter.',
    type: 'Ausweisinhabertyp: Bitte einen aus der Liste wählen oder die Wahl dem Dienst überlassen.',
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
