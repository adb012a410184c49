// Textos en español de la barra de estado (renderer/src/status/); mismas claves que en inglés.
import type { Messages } from '../../schema';

const status: Messages['status'] = {
  label: 'Estado del servicio',
  demo: 'Modo demo',
  embeddedSimulator: '— simulador integrado',
  service: 'Servicio',
  serviceAt: 'Servicio {label}',
  couldNotCheck: 'El quiosco no pudo comprobarlo: {message}',
  maxIdWide: 'ID de evento más alto:',
  maxIdNarrow: 'ID máx.',
  checkNowLabel: 'Comprobar el servicio ahora',
  checkNow: 'Comprobar',
  checking: 'Comprobando…',
  connection: {
    lastPoll: 'Última consulta {time}',
    noPoll: 'Ninguna consulta correcta aún',
    lastEvent: 'Último evento {time}',
    noEvent: 'Aún no se ha recibido ningún evento',
    live: 'Servicio disponible, eventos en directo',
    liveSentence: 'el servicio responde y los eventos llegan en directo',
    connecting: 'Conectando con el servicio…',
    retrying: '{trouble} — reintentando',
    slow: 'Servicio demasiado lento desde las {since}',
    slowSentence: 'el servicio responde demasiado despacio (desde las {since})',
    reconnecting: '{trouble} desde las {since} — reintentando',
    reconnectingSentence: '{trouble} desde las {since}, reintentando',
    offline: '{trouble} desde las {since}',
    offlineSentence: '{trouble} desde las {since}',
    unknown: 'Estado de la conexión desconocido',
  },
  trouble: {
    unreachable: 'Servicio inaccesible',
    timeout: 'El servicio no responde',
    refused: 'El servicio rechazó el quiosco',
    serverError: 'Error del servicio',
    malformed: 'Respuesta del servicio no comprendida',
    config: 'Servicio no configurado',
  },
  troubleInSentence: {
    unreachable: 'servicio inaccesible',
    timeout: 'el servicio no responde',
    refused: 'el servicio rechazó el quiosco',
    serverError: 'error del servicio',
    malformed: 'respuesta del servicio no comprendida',
    config: 'servicio no configurado',
  },
  waited: {
    underMinute: 'menos de 1 min',
    minutes: '{minutes} min',
    hours: '{hours} h {minutes} min',
  },
};

export default status;
