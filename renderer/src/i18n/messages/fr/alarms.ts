// Textes français des alarmes (renderer/src/alarms/) ; clés comme en anglais.
import type { Messages } from '../../schema';

const alarms: Messages['alarms'] = {
  ack: {
    titleOne: 'Acquitter l’alarme',
    titleMany: 'Acquitter {count} alarmes',
    priority: 'Priorité',
    event: 'Événement',
    device: 'Équipement',
    text: 'Texte',
    occurrences: 'Occurrences',
    occurrencesValue: '{times}, dernière à {time}',
    times: '{count} fois | {count} fois',
    selection: '{alarms} sur {rows} :',
    alarms: '{count} alarme | {count} alarmes',
    rows: '{count} ligne | {count} lignes',
    moreRows: 'et {count} ligne de plus | et {count} lignes de plus',
    instructions: 'Consignes',
    whatToDo: 'Que faire',
    noteEach: 'La note est inscrite au journal des opérateurs pour chacune d’elles.',
    noteRequired: 'Note (obligatoire)',
    noteOptional: 'Note (facultative)',
    noteMissing: 'Une note est obligatoire pour cette alarme : indiquez ce qui a été fait.',
    noteTooLong: 'La note est trop longue : {max} caractères au plus.',
    nothing: 'Il n’y a aucune alarme à acquitter.',
    tooMany: 'Au plus {max} alarmes peuvent être acquittées à la fois : sélectionnez-en moins.',
    acknowledging: 'Acquittement…',
    acknowledge: 'Acquitter',
    cancel: 'Annuler',
  },
  open: {
    title: 'Alarmes en attente, les plus urgentes d’abord',
    count: '({count})',
    loadError: 'Les alarmes en attente n’ont pas pu être chargées : {message}',
    listLabel: 'Alarmes en attente, par priorité puis ancienneté',
    none: 'Aucune alarme de cette équipe n’est en attente.',
    more: 'et {count} alarme de plus : « Non acquittées seulement » les affiche toutes. | et {count} alarmes de plus : « Non acquittées seulement » les affiche toutes.',
    preShift: '{count} alarme d’avant cette équipe | {count} alarmes d’avant cette équipe',
    preShiftRest: '(avant {time}), non relevées.',
    hide: 'Les masquer',
    review: 'Les passer en revue',
    ackAll: 'Acquitter les {count} avec une seule note…',
    preShiftListLabel: 'Alarmes d’avant cette équipe, les plus anciennes d’abord',
  },
  outage: {
    lostSince: 'Service perdu depuis {since}',
    notLive: '— les événements ci-dessous ne sont pas en direct.',
    lostFromTo: 'Le service a été perdu de {from} à {to}',
    mayBeMissing: '— des événements de cette période peuvent manquer dans la liste : vérifiez l’Historique.',
    acknowledge: 'Acquitter la panne',
    acknowledgedAt: 'Acquittée à {time}',
  },
  sound: {
    mutedBackIn: 'Son d’alarme coupé, rétabli dans {remaining}',
    unmute: 'Rétablir le son d’alarme',
    mute: 'Couper le son d’alarme ({minutes} min)',
    off: 'Son d’alarme désactivé',
  },
  fromMain: {
    overflow:
      'La liste des alarmes en attente est pleine ({bound}) : {count} alarmes parmi les moins prioritaires et les plus anciennes ont été mises de côté sans être acquittées. Acquittez des alarmes et cherchez les autres dans l’Historique.',
    savedListUnreadable: 'La liste enregistrée des alarmes en attente n’a pas pu être lue ({reason}).',
    savedListKeptAside: 'La liste enregistrée des alarmes en attente n’a pas pu être lue ; elle a été mise de côté sous le nom {file}. Consultez l’Historique du service pour les alarmes des dernières heures.',
  },
};

export default alarms;
