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
    group: {
      preShift: '{count} alarme d’avant ce poste, telle que listée à l’ouverture. | {count} alarmes d’avant ce poste, telles que listées à l’ouverture.',
      setAside: '{count} alarme mise de côté, telle que listée à l’ouverture. | {count} alarmes mises de côté, telles que listées à l’ouverture.',
      all: '{count} alarme en attente, telle que listée à l’ouverture (les alarmes arrivées entre-temps ne sont pas incluses). | {count} alarmes en attente, telles que listées à l’ouverture (les alarmes arrivées entre-temps ne sont pas incluses).',
    },
  },
  open: {
    title: 'Alarmes en attente, les plus urgentes d’abord',
    count: '({count})',
    loadError: 'Les alarmes en attente n’ont pas pu être chargées : {message}',
    listLabel: 'Alarmes en attente, par priorité puis ancienneté',
    none: 'Aucune alarme de cette équipe n’est en attente.',
    preShift: '{count} alarme d’avant cette équipe | {count} alarmes d’avant cette équipe',
    preShiftRest: '(avant {time}), non relevées.',
    hide: 'Les masquer',
    review: 'Les passer en revue',
    ackAll: 'Acquitter les {count} avec une seule note…',
    preShiftListLabel: 'Alarmes d’avant cette équipe, les plus anciennes d’abord',
    setAsideListLabel: 'Alarmes mises de côté, les plus anciennes d’abord',
  },
  pages: {
    label: 'Pages de {list}',
    place: '{from}–{to} sur {total}',
    previous: 'Précédent',
    next: 'Suivant',
  },
  outage: {
    lostSince: 'Service perdu depuis {since}',
    notLive: '— les événements ci-dessous ne sont pas en direct.',
    lostFromTo: 'Le service a été perdu de {from} à {to}',
    allRead: '— chaque événement de cette période a été lu depuis.',
    acknowledge: 'Acquitter la panne',
    acknowledgedAt: 'Acquittée à {time}',
    acknowledgedBy: 'Acquittée à {time} par {name}',
  },
  sound: {
    lastNew: 'Tonalité d’alarme à {at} : {count} nouvelle alarme depuis {since} | Tonalité d’alarme à {at} : {count} nouvelles alarmes depuis {since}',
    lastNewFirst: 'Tonalité d’alarme à {at} : {count} nouvelle alarme | Tonalité d’alarme à {at} : {count} nouvelles alarmes',
    lastEscalated: 'Tonalité d’alarme à {at} : des alarmes ont attendu une période de plus',
    lastCatchUp: 'Tonalité d’alarme à {at} : {count} alarme trouvée de la période d’arrêt du kiosque | Tonalité d’alarme à {at} : {count} alarmes trouvées de la période d’arrêt du kiosque',
    mutedBackIn: 'Son d’alarme coupé, rétabli dans {remaining}',
    unmute: 'Rétablir le son d’alarme',
    mute: 'Couper le son d’alarme ({minutes} min)',
    off: 'Son d’alarme désactivé',
  },
  fromMain: {
    setAside:
      '{count} alarmes sont mises de côté : plus de {bound} étaient en attente, les moins prioritaires et les plus anciennes ont donc quitté la liste. Elles ne sont toujours pas acquittées : examinez-les et acquittez-les ci-dessous.',
    recordsMovedAside:
      'Les enregistrements du kiosque n’ont pas pu être lus ({reason}) ; ils ont été mis de côté sous le nom {file} et un nouvel enregistrement a commencé. Des alarmes déjà acquittées peuvent réapparaître ; consultez l’Historique du service pour les dernières heures.',
  },
};

export default alarms;
