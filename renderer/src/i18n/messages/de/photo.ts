// Deutsche Texte des Ausweisfotos (renderer/src/photo/); Schlüssel wie im Englischen.
import type { Messages } from '../../schema';

const photo: Messages['photo'] = {
  camera: {
    denied: 'Der Kiosk darf die Kamera nicht verwenden. Kamerazugriff für den Kiosk erlauben und erneut versuchen.',
    noCamera: 'Keine Kamera gefunden. Eine Kamera anschließen und erneut versuchen.',
    busy: 'Die Kamera wird von einem anderen Programm verwendet oder reagiert nicht. Das Programm schließen oder die Kamera neu anschließen und erneut versuchen.',
    unplugged: 'Die Verbindung zur Kamera wurde getrennt. Kamera wieder anschließen und erneut versuchen.',
    unsupported: 'Dieser Kiosk kann hier keine Kamera verwenden. Ohne Foto fortfahren.',
    failed: 'Die Kamera konnte nicht gestartet werden. Erneut versuchen oder ohne Foto fortfahren.',
    tryAgain: 'Erneut versuchen',
    continueWithout: 'Ohne Foto fortfahren',
  },
  hints: {
    detectorUnavailable: 'Die automatische Gesichtsprüfung ist nicht verfügbar. Bitte das Foto selbst prüfen.',
    noFace: 'Kein Gesicht gefunden. Die Person bitten, in die Kamera zu schauen.',
    severalFaces: 'Mehr als ein Gesicht gefunden. Nur die Person, die erfasst wird, darf im Bild sein.',
    faceCutOff: 'Ein Teil des Gesichts ist abgeschnitten. Die Person bitten, in die Mitte zu rücken, oder den Ausschnitt verschieben.',
    faceTooSmall: 'Das Gesicht ist zu klein. Die Person bitten, näher zu kommen, oder vergrößern.',
    faceOffCentre: 'Das Gesicht ist nicht mittig. Den Ausschnitt verschieben oder die Person bitten, in die Mitte zu rücken.',
    tooDark: 'Das Foto ist zu dunkel. Mehr Licht einschalten oder die Person zum Licht drehen.',
    tooBright: 'Das Foto ist zu hell. Das Licht auf dem Gesicht verringern oder vom Fenster weggehen.',
    blurred: 'Das Foto ist unscharf. Die Person bitten, still zu halten, und das Foto neu aufnehmen.',
    checking: 'Foto wird geprüft…',
    good: 'Das Foto sieht gut aus.',
  },
};

export default photo;
