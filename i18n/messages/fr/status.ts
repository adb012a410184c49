// Textes français de la barre d’état (renderer/src/status/) ; mêmes clés qu'en anglais.
import type { Messages } from '../../schema';

const status: Messages['status'] = {
  label: 'État du service',
  demo: 'Mode démo',
  embeddedSimulator: '— simulateur intégré',
  service: 'Service',
  serviceAt: 'Service {label}',
  couldNotCheck: 'La borne n’a pas pu vérifier : {message}',
  maxIdWide: 'Plus grand n° d’événement :',
  maxIdNarrow: 'N° max.',
  checkNowLabel: 'Vérifier le service maintenant',
  checkNow: 'Vérifier',
  checking: 'Vérification…',
  connection: {
    lastPoll: 'Dernière interrogation {time}',
    noPoll: 'Aucune interrogation réussie',
    lastEvent: 'Dernier événement {time}',
    noEvent: 'Aucun événement reçu',
    live: 'Service joignable, flux en direct',
    liveSentence: 'le service répond et le flux est en direct',
    connecting: 'Connexion au service…',
    retrying: '{trouble} — nouvelle tentative',
    slow: 'Service trop lent depuis {since}',
    slowSentence: 'le service répond trop lentement (depuis {since})',
    reconnecting: '{trouble} depuis {since} — nouvelle tentative',
    reconnectingSentence: '{trouble} depuis {since}, nouvelle tentative',
    offline: '{trouble} depuis {since}',
    offlineSentence: '{trouble} depuis {since}',
    unknown: 'État de la connexion inconnu',
  },
  trouble: {
    unreachable: 'Service injoignable',
    timeout: 'Le service ne répond pas',
    refused: 'Le service a refusé la borne',
    serverError: 'Erreur du service',
    malformed: 'Réponse du service incomprise',
    config: 'Service non configuré',
  },
  troubleInSentence: {
    unreachable: 'service injoignable',
    timeout: 'le service ne répond pas',
    refused: 'le service a refusé la borne',
    serverError: 'erreur du service',
    malformed: 'réponse du service incomprise',
    config: 'service non configuré',
  },
  waited: {
    underMinute: 'moins d’1 min',
    minutes: '{minutes} min',
    hours: '{hours} h {minutes} min',
  },
};

export default status;
