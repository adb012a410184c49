// English texts of the ID photo (renderer/src/photo/): camera problems, photo hints, their panels.
export default {
  camera: {
    denied: 'The kiosk is not allowed to use the camera. Allow camera access for the kiosk, then try again.',
    noCamera: 'No camera found. Connect a camera, then try again.',
    busy: 'The camera is in use by another program or is not responding. Close that program or reconnect the camera, then try again.',
    unplugged: 'The camera was disconnected. Reconnect it, then try again.',
    unsupported: 'This kiosk cannot use a camera here. Continue without a photo.',
    failed: 'The camera could not be started. Try again, or continue without a photo.',
    tryAgain: 'Try again',
    continueWithout: 'Continue without a photo',
  },
  hints: {
    detectorUnavailable: 'The automatic face check is not available. Check the photo yourself.',
    noFace: 'No face found. Ask the person to face the camera.',
    severalFaces: 'More than one face found. Only the person being enrolled should be in the picture.',
    faceCutOff: 'Part of the face is cut off. Ask the person to move to the middle, or move the crop.',
    faceTooSmall: 'The face is too small. Ask the person to come closer, or zoom in.',
    faceOffCentre: 'The face is not centred. Move the crop, or ask the person to move to the middle.',
    tooDark: 'The photo is too dark. Turn on more light or face the person towards the light.',
    tooBright: 'The photo is too bright. Reduce the light on the face or move away from the window.',
    blurred: 'The photo is blurred. Ask the person to keep still and take the photo again.',
    checking: 'Checking the photo…',
    good: 'The photo looks good.',
  },
};
