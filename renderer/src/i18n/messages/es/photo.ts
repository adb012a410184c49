// Textos en español de la foto de identificación (renderer/src/photo/); claves como en inglés.
import type { Messages } from '../../schema';

const photo: Messages['photo'] = {
  camera: {
    denied: 'El quiosco no tiene permiso para usar la cámara. Permita el acceso a la cámara para el quiosco y vuelva a intentarlo.',
    noCamera: 'No se encontró ninguna cámara. Conecte una cámara y vuelva a intentarlo.',
    busy: 'La cámara está en uso por otro programa o no responde. Cierre ese programa o vuelva a conectar la cámara, y vuelva a intentarlo.',
    unplugged: 'La cámara se desconectó. Vuelva a conectarla y vuelva a intentarlo.',
    unsupported: 'Este quiosco no puede usar una cámara aquí. Continúe sin foto.',
    failed: 'No se pudo iniciar la cámara. Vuelva a intentarlo o continúe sin foto.',
    tryAgain: 'Reintentar',
    continueWithout: 'Continuar sin foto',
  },
  hints: {
    detectorUnavailable: 'La comprobación automática del rostro no está disponible. Revise la foto usted mismo.',
    noFace: 'No se encontró ningún rostro. Pida a la persona que mire a la cámara.',
    severalFaces: 'Se encontró más de un rostro. Solo debe aparecer en la imagen la persona que se registra.',
    faceCutOff: 'Parte del rostro queda cortada. Pida a la persona que se coloque en el centro, o mueva el recorte.',
    faceTooSmall: 'El rostro es demasiado pequeño. Pida a la persona que se acerque, o amplíe.',
    faceOffCentre: 'El rostro no está centrado. Mueva el recorte, o pida a la persona que se coloque en el centro.',
    tooDark: 'La foto está demasiado oscura. Encienda más luz o gire a la persona hacia la luz.',
    tooBright: 'La foto está demasiado clara. Reduzca la luz sobre el rostro o aléjese de la ventana.',
    blurred: 'La foto está movida. Pida a la persona que se quede quieta y vuelva a tomar la foto.',
    checking: 'Comprobando la foto…',
    good: 'La foto está bien.',
  },
};

export default photo;
