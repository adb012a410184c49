// Textos en español del formulario de registro y del paso de la foto (renderer/src/enrolment/); mismas claves que en inglés.
import type { Messages } from '../../schema';

const enrolment: Messages['enrolment'] = {
  field: {
    first_Name: 'Nombre',
    middle_Name: 'Segundo nombre',
    last_Name: 'Apellidos',
    employee_ID: 'N.º de empleado',
    email: 'Correo electrónico',
    sex: 'Sexo',
    phone: 'Teléfono',
    address1: 'Dirección',
    address2: 'Dirección (línea 2)',
    city: 'Ciudad',
    state: 'Provincia/Región',
    zip: 'Código postal',
    tenant: 'Inquilinos',
    otherTenants: 'Otros números de inquilino',
    card_Holder_Type_ID: 'Tipo de titular',
  },
  fieldInSentence: {
    first_Name: 'nombre',
    middle_Name: 'segundo nombre',
    last_Name: 'apellidos',
    employee_ID: 'n.º de empleado',
    email: 'correo electrónico',
    sex: 'sexo',
    phone: 'teléfono',
    address1: 'dirección',
    address2: 'dirección (línea 2)',
    city: 'ciudad',
    state: 'provincia/región',
    zip: 'código postal',
    tenant: 'inquilinos',
    otherTenants: 'otros números de inquilino',
    card_Holder_Type_ID: 'tipo de titular',
  },
};

export default enrolment;
