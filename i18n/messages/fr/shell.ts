// Textes français du cadre du kiosque (renderer/src/shell/) ; mêmes clés qu'en anglais.
import type { Messages } from '../../schema';

const shell: Messages['shell'] = {
  title: 'Borne d’accès',
  screens: 'Écrans',
  views: {
    frontDesk: 'Accueil',
    liveFeed: 'Événements en direct',
    history: 'Historique',
    operatorLog: 'Journal',
    admin: 'Administration',
  },
  noScreens: 'Aucun écran n’est disponible.',
  openAdministration: 'Ouvrir l’écran Administration',
  skip: {
    label: 'Liens d’accès rapide',
    screen: 'Aller à l’écran',
    statusBar: 'Aller à la barre d’état',
  },
  theme: {
    night: 'Thème de nuit',
  },
  language: {
    label: 'Langue',
  },
  idle: {
    minutes: '{count} min',
    seconds: '{count} s',
    cleared: 'Après {after} sans activité, la borne est revenue à son écran de départ et a vidé les écrans.',
    clearedFormLost:
      'Après {after} sans activité, la borne est revenue à son écran de départ et a vidé les écrans ; un formulaire non envoyé a été effacé (les enregistrements déjà conservés sur ce poste sont gardés).',
    dismiss: 'Fermer',
  },
  keypad: {
    label: 'Pavé numérique',
    digit: 'Chiffre {digit}',
    erase: 'Effacer le dernier chiffre',
  },
  pick: {
    number: 'Numéro {id}',
    notInCatalogue: 'absent du catalogue',
    addNumber: 'Ajouter le numéro {id}',
    all: 'Les {count} {noun}',
    ofThem: 'éléments',
    twoAndMore: '{first}, {second} et {count} de plus',
    search: 'Rechercher : {label}',
    nameOrNumber: 'Un nom ou un numéro',
    name: 'Un nom',
    seen: 'vu dans les événements',
    nothing: 'Aucun résultat pour « {query} ».',
    chooseAll: 'Tout choisir',
    done: 'Terminé',
  },
  priority: {
    critical: 'Alarme critique',
    high: 'Alarme haute',
    medium: 'Alarme moyenne',
    low: 'Alarme basse',
  },
  operator: {
    /** A shift begun without a name (main records the marker "unnamed"). */
    unnamed: 'sans nom',
  },
};

export default shell;
