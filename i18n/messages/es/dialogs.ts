// Textos en español de los diálogos nativos de main (guardar, salir con altas pendientes); claves como en inglés.
import type { Messages } from '../../schema';

const dialogs: Messages['dialogs'] = {
  saveTitle: {
    searchResults: 'Exportar los resultados de búsqueda',
    operatorLog: 'Exportar el registro de operadores',
    badgePdf: 'Guardar la tarjeta como PDF',
  },
  csvFiles: 'CSV (hoja de cálculo)',
  pdfFiles: 'PDF',
  quitWaiting: '{count} alta no ha llegado todavía al servicio de control de acceso. | {count} altas no han llegado todavía al servicio de control de acceso.',
  quitKept: 'Se guarda en este puesto y se enviará cuando el quiosco vuelva a arrancar. | Se guardan en este puesto y se enviarán cuando el quiosco vuelva a arrancar.',
  quitOneFailed: 'Una necesita antes su atención (el servicio la rechazó): vea la bandeja de salida en la barra de estado.',
  quitSomeFailed: '{count} necesitan antes su atención (el servicio las rechazó): vea la bandeja de salida en la barra de estado.',
  quitAnyway: 'Salir de todos modos',
  stay: 'Quedarse',
};

export default dialogs;
