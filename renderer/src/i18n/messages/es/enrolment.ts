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
  problem: {
    required: 'Falta el campo «{field}».',
    tooLong: '{field}: como máximo {max} caracteres (ahora {now}).',
    control: '{field}: elimine los caracteres de control invisibles.',
    employeeIdCharacters: 'N.º de empleado: solo letras, cifras, guiones y puntos (por ejemplo E-1234).',
    employeeIdPattern: 'N.º de empleado: los números de empleado de este centro tienen otro formato; compruébelo con la credencial o el expediente de RR. HH.',
    email: "Correo electrónico: introduzca una dirección como nombre{'@'}example.org.",
    phone: 'Teléfono: solo cifras, espacios y + ( ) - . /',
    sex: 'Elija el sexo o deje el campo vacío.',
    otherTenants: 'Otros números de inquilino: números enteros separados por comas.',
    tooManyTenants: 'Como máximo {max} inquilinos.',
    type: 'Tipo de titular: elija uno de la lista o deje que lo asigne el servicio.',
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
