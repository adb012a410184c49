// Textes français de la photo d’identité (renderer/src/photo/) ; clés comme en anglais.
import type { Messages } from '../../schema';

const photo: Messages['photo'] = {
  camera: {
    denied: 'Le kiosque n’est pas autorisé à utiliser la caméra. Autorisez l’accès à la caméra pour le kiosque, puis réessayez.',
    noCamera: 'Aucune caméra trouvée. Branchez une caméra, puis réessayez.',
    busy: 'La caméra est utilisée par un autre programme ou ne répond pas. Fermez ce programme ou rebranchez la caméra, puis réessayez.',
    unplugged: 'La caméra a été débranchée. Rebranchez-la, puis réessayez.',
    unsupported: 'Ce kiosque ne peut pas utiliser de caméra ici. Continuez sans photo.',
    failed: 'La caméra n’a pas pu démarrer. Réessayez, ou continuez sans photo.',
    tryAgain: 'Réessayer',
    continueWithout: 'Continuer sans photo',
  },
  hints: {
    detectorUnavailable: 'La vérification automatique du visage n’est pas disponible. Vérifiez la photo vous-même.',
    noFace: 'Aucun visage trouvé. Demandez à la personne de regarder la caméra.',
    severalFaces: 'Plus d’un visage trouvé. Seule la personne enregistrée doit figurer sur l’image.',
    faceCutOff: 'Une partie du visage est coupée. Demandez à la personne de se placer au milieu, ou déplacez le cadrage.',
    faceTooSmall: 'Le visage est trop petit. Demandez à la personne de s’approcher, ou agrandissez.',
    faceOffCentre: 'Le visage n’est pas centré. Déplacez le cadrage, ou demandez à la personne de se placer au milieu.',
    tooDark: 'La photo est trop sombre. Allumez davantage de lumière ou tournez la personne vers la lumière.',
    tooBright: 'La photo est trop claire. Réduisez la lumière sur le visage ou éloignez-vous de la fenêtre.',
    blurred: 'La photo est floue. Demandez à la personne de rester immobile et reprenez la photo.',
    checking: 'Vérification de la photo…',
    good: 'La photo est correcte.',
  },
};

export default photo;
