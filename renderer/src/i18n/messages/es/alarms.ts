// Textos en español de las alarmas (renderer/src/alarms/); claves como en inglés.
import type { Messages } from '../../schema';

const alarms: Messages['alarms'] = {
  ack: {
    titleOne: 'Reconocer alarma',
    titleMany: 'Reconocer {count} alarmas',
    priority: 'Prioridad',
    event: 'Evento',
    device: 'Dispositivo',
    text: 'Texto',
    occurrences: 'Repeticiones',
    occurrencesValue: '{times}, la última a las {time}',
    times: '{count} vez | {count} veces',
    selection: '{alarms} en {rows}:',
    alarms: '{count} alarma | {count} alarmas',
    rows: '{count} fila | {count} filas',
    moreRows: 'y {count} fila más | y {count} filas más',
    instructions: 'Instrucciones',
    whatToDo: 'Qué hacer',
    noteEach: 'La nota se anota en el registro de operadores para cada una de ellas.',
    noteRequired: 'Nota (obligatoria)',
    noteOptional: 'Nota (opcional)',
    noteMissing: 'Esta alarma requiere una nota: indique qué se hizo.',
    noteTooLong: 'La nota es demasiado larga: como máximo {max} caracteres.',
    nothing: 'No hay ninguna alarma que reconocer.',
    tooMany: 'Como máximo se pueden reconocer {max} alarmas a la vez: seleccione menos.',
    acknowledging: 'Reconociendo…',
    acknowledge: 'Reconocer',
    cancel: 'Cancelar',
  },
  open: {
    title: 'Alarmas pendientes, las más urgentes primero',
    count: '({count})',
    loadError: 'No se pudieron cargar las alarmas pendientes: {message}',
    listLabel: 'Alarmas pendientes, por prioridad y luego antigüedad',
    none: 'No hay alarmas pendientes de este turno.',
    more: 'y {count} alarma más: «Solo sin reconocer» las muestra todas. | y {count} alarmas más: «Solo sin reconocer» las muestra todas.',
    preShift: '{count} alarma de antes de este turno | {count} alarmas de antes de este turno',
    preShiftRest: '(antes de las {time}), no elevadas.',
    hide: 'Ocultarlas',
    review: 'Revisarlas',
    ackAll: 'Reconocer las {count} con una sola nota…',
    preShiftListLabel: 'Alarmas de antes de este turno, las más antiguas primero',
  },
  outage: {
    lostSince: 'Servicio perdido desde las {since}',
    notLive: '— los eventos de abajo no están en directo.',
    lostFromTo: 'Se perdió el servicio de {from} a {to}',
    mayBeMissing: '— pueden faltar eventos de ese periodo en la lista: consulte el Historial.',
    acknowledge: 'Reconocer la caída',
    acknowledgedAt: 'Reconocida a las {time}',
  },
  sound: {
    mutedBackIn: 'Sonido de alarma silenciado, vuelve en {remaining}',
    unmute: 'Activar el sonido de alarma',
    mute: 'Silenciar el sonido de alarma ({minutes} min)',
    off: 'Sonido de alarma desactivado',
  },
  fromMain: {
    overflow:
      'La lista de alarmas pendientes está llena ({bound}): {count} de las de menor prioridad y más antiguas se han apartado sin reconocerse. Reconozca alarmas y busque las demás en el Historial.',
    savedListUnreadable: 'No se pudo leer la lista guardada de alarmas pendientes ({reason}).',
    savedListKeptAside: 'No se pudo leer la lista guardada de alarmas pendientes; se ha apartado como {file}. Consulte en el Historial del servicio las alarmas de las últimas horas.',
  },
};

export default alarms;
