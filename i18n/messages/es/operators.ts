// Textos en español del turno: inicio de sesión, operador en la barra de título, fin de turno,
// informe de relevo (renderer/src/operators/); mismas claves que en inglés.
import type { Messages } from '../../schema';

const operators: Messages['operators'] = {
  signIn: {
    title: 'Inicio de turno',
    hint: 'Inicie sesión con su nombre y su PIN personal. Todo lo que reconozca, anote, dé de alta o exporte durante el turno queda registrado con su nombre.',
    yourName: 'Su nombre',
    pin: 'PIN personal',
    checking: 'Comprobando…',
    submit: 'Iniciar sesión',
    unknown: 'El quiosco no pudo saber quién está de turno.',
    tryAgain: 'Reintentar',
    unnamed: 'Empezar el turno sin nombre',
    unnamedNote: 'Los registros dirán «unnamed» (sin nombre).',
    noUnnamed: 'Este sitio no permite un turno sin nombre: un administrador debe añadir antes a los operadores.',
  },
  badge: {
    onShift: 'De turno:',
    endShift: 'Terminar turno',
    question: '¿Terminar el turno de {name}?',
    explain: 'El quiosco guarda el informe de relevo del turno (PDF y CSV) y vuelve a la pantalla de inicio de sesión. Los eventos en directo siguen funcionando.',
    handoverWords: 'Palabras para el próximo vigilante (todos los puestos del sitio las leen)',
    handoverWordsHint: 'Noche tranquila; la puerta 3 se atasca…',
    saving: 'Guardando el informe…',
    confirm: 'Terminar el turno y guardar el informe',
    cancel: 'Cancelar',
  },
  handover: {
    title: 'Relevo de turno — {operator}',
    span: 'Del {from} al {to}.',
    caption: 'Alarmas del turno por prioridad',
    columns: {
      priority: 'Prioridad',
      raised: 'Activadas',
      acknowledged: 'Reconocidas',
      waiting: 'Aún en espera',
      setAside: 'Apartadas',
      caughtUp: 'Halladas al recuperar',
      acknowledgedInShift: 'Reconocimientos hechos',
    },
    total: 'Total',
    priorities: {
      critical: 'crítica',
      high: 'alta',
      medium: 'media',
      low: 'baja',
    },
    summary: '{unacknowledged}; {notes}, {outages}, {downtime}, {catchUps}, {setAsideEvents}, {exports}.',
    unacknowledged: '{count} alarma aún sin reconocer ahora, contada como en la barra de estado | {count} alarmas aún sin reconocer ahora, contadas como en la barra de estado',
    notes: '{count} nota | {count} notas',
    outages: '{count} caída del servicio | {count} caídas del servicio',
    downtime: '{count} parada del quiosco | {count} paradas del quiosco',
    catchUps: '{count} recuperación | {count} recuperaciones',
    setAsideEvents: '{count} evento apartado | {count} eventos apartados',
    exports: '{count} exportación | {count} exportaciones',
    pdf: 'Guardado como PDF: {path}',
    csv: 'Guardado como CSV: {path}',
    warning: {
      csvNotSaved: 'El informe de relevo se ha generado, pero no se pudo guardar el CSV ({reason}).',
      pdfNotSaved: 'El informe de relevo se ha generado, pero no se pudo guardar el PDF ({reason}).',
      neitherSaved: 'El informe de relevo se ha generado, pero no se pudieron guardar ni el CSV ({csvReason}) ni el PDF ({pdfReason}).',
    },
  },
  fromMain: {
    listUnusable: 'La lista de operadores ({file}) no se puede usar ({reason}). Vuelva a añadir los operadores con «{command}».',
    listDamaged: 'La lista de operadores ({file}) está dañada. Vuelva a añadir los operadores con «{command}».',
    noneProvisioned: 'No hay operadores configurados en este quiosco. Un administrador los añade en este puesto con «{command} NOMBRE».',
  },
};

export default operators;
