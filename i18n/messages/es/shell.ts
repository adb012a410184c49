// Textos en español del marco del quiosco (renderer/src/shell/); mismas claves que en inglés.
import type { Messages } from '../../schema';

const shell: Messages['shell'] = {
  title: 'Quiosco de acceso',
  screens: 'Pantallas',
  views: {
    frontDesk: 'Recepción',
    liveFeed: 'Eventos en directo',
    history: 'Historial',
    operatorLog: 'Registro',
    admin: 'Administración',
  },
  noScreens: 'No hay pantallas disponibles.',
  openAdministration: 'Abrir la pantalla de Administración',
  skip: {
    label: 'Enlaces de salto',
    screen: 'Ir a la pantalla',
    statusBar: 'Ir a la barra de estado',
  },
  theme: {
    night: 'Tema nocturno',
  },
  language: {
    label: 'Idioma',
  },
  idle: {
    minutes: '{count} min',
    seconds: '{count} s',
    cleared: 'Tras {after} sin actividad, el quiosco volvió a su pantalla de inicio y vació las pantallas.',
    clearedFormLost:
      'Tras {after} sin actividad, el quiosco volvió a su pantalla de inicio y vació las pantallas; se borró un formulario no enviado (las altas ya guardadas en este puesto se conservan).',
    dismiss: 'Cerrar',
  },
  keypad: {
    label: 'Teclado numérico',
    digit: 'Dígito {digit}',
    erase: 'Borrar el último dígito',
  },
  pick: {
    number: 'Número {id}',
    notInCatalogue: 'no está en el catálogo',
    addNumber: 'Añadir el número {id}',
    all: 'Los {count} {noun}',
    ofThem: 'elementos',
    twoAndMore: '{first}, {second} y {count} más',
    search: 'Buscar: {label}',
    nameOrNumber: 'Un nombre o un número',
    name: 'Un nombre',
    seen: 'visto en eventos',
    nothing: 'Nada coincide con «{query}».',
    chooseAll: 'Elegir todos',
    done: 'Listo',
  },
  priority: {
    critical: 'Alarma crítica',
    high: 'Alarma alta',
    medium: 'Alarma media',
    low: 'Alarma baja',
  },
  operator: {
    /** A shift begun without a name (main records the marker "unnamed"). */
    unnamed: 'sin nombre',
  },
};

export default shell;
