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
    group: {
      preShift: '{count} alarma de antes de este turno, tal como aparecía al abrir esto. | {count} alarmas de antes de este turno, tal como aparecían al abrir esto.',
      setAside: '{count} alarma apartada, tal como aparecía al abrir esto. | {count} alarmas apartadas, tal como aparecían al abrir esto.',
      all: '{count} alarma en espera, tal como aparecía al abrir esto (no se incluyen las que lleguen mientras tanto). | {count} alarmas en espera, tal como aparecían al abrir esto (no se incluyen las que lleguen mientras tanto).',
    },
  },
  open: {
    title: 'Alarmas pendientes, las más urgentes primero',
    count: '({count})',
    loadError: 'No se pudieron cargar las alarmas pendientes: {message}',
    listLabel: 'Alarmas pendientes, por prioridad y luego antigüedad',
    none: 'No hay alarmas pendientes de este turno.',
    preShift: '{count} alarma de antes de este turno | {count} alarmas de antes de este turno',
    preShiftRest: '(antes de las {time}), no elevadas.',
    hide: 'Ocultarlas',
    review: 'Revisarlas',
    ackAll: 'Reconocer las {count} con una sola nota…',
    preShiftListLabel: 'Alarmas de antes de este turno, las más antiguas primero',
    setAsideListLabel: 'Alarmas apartadas, las más antiguas primero',
  },
  pages: {
    label: 'Páginas de {list}',
    place: '{from}–{to} de {total}',
    previous: 'Anterior',
    next: 'Siguiente',
  },
  outage: {
    lostSince: 'Servicio perdido desde las {since}',
    notLive: '— los eventos de abajo no están en directo.',
    lostFromTo: 'Se perdió el servicio de {from} a {to}',
    allRead: '— todos los eventos de ese periodo se han leído desde entonces.',
    acknowledge: 'Reconocer la caída',
    acknowledgedAt: 'Reconocida a las {time}',
    acknowledgedBy: 'Reconocida a las {time} por {name}',
  },
  sound: {
    lastNew: 'Tono de alarma a las {at}: {count} alarma nueva desde las {since} | Tono de alarma a las {at}: {count} alarmas nuevas desde las {since}',
    lastNewFirst: 'Tono de alarma a las {at}: {count} alarma nueva | Tono de alarma a las {at}: {count} alarmas nuevas',
    lastEscalated: 'Tono de alarma a las {at}: alarmas que esperaron un periodo más',
    lastCatchUp: 'Tono de alarma a las {at}: {count} alarma encontrada del tiempo en que el quiosco estuvo detenido | Tono de alarma a las {at}: {count} alarmas encontradas del tiempo en que el quiosco estuvo detenido',
    mutedBackIn: 'Sonido de alarma silenciado, vuelve en {remaining}',
    unmute: 'Activar el sonido de alarma',
    mute: 'Silenciar el sonido de alarma ({minutes} min)',
    off: 'Sonido de alarma desactivado',
  },
  fromMain: {
    setAside:
      '{count} alarmas están apartadas: había más de {bound} en espera, así que las de menor prioridad y más antiguas salieron de la lista. Siguen sin reconocer: revíselas y reconózcalas abajo.',
    recordsMovedAside:
      'No se pudieron leer los registros guardados del quiosco ({reason}); se apartaron como {file} y se empezó un registro nuevo. Pueden volver a aparecer alarmas ya reconocidas; consulte en el Historial del servicio las últimas horas.',
  },
};

export default alarms;
