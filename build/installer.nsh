; Windows installer additions (electron-builder nsis.include): provisioning from the USB stick.
; The machine-wide configuration folder %ProgramData%\AccessKiosk is created, and when a folder
; "provisioning" lies beside the installer, its config.json and *.pem files are copied into it
; (an existing config.json is kept: installing an update never overwrites the site's settings).
; The credential and the admin PIN are set afterwards with the admin tool, as the kiosk's user
; (the system keyring that protects them belongs to that user): see README "Install on a workstation".

!macro customInstall
  ReadEnvStr $0 PROGRAMDATA
  CreateDirectory "$0\AccessKiosk"
  ${If} ${FileExists} "$EXEDIR\provisioning\config.json"
    ${IfNot} ${FileExists} "$0\AccessKiosk\config.json"
      CopyFiles /SILENT "$EXEDIR\provisioning\config.json" "$0\AccessKiosk\config.json"
    ${EndIf}
  ${EndIf}
  ${If} ${FileExists} "$EXEDIR\provisioning\*.pem"
    CopyFiles /SILENT "$EXEDIR\provisioning\*.pem" "$0\AccessKiosk"
  ${EndIf}
!macroend

; Uninstalling keeps %ProgramData%\AccessKiosk (the site's configuration) and the user's data;
; README "Uninstall" says how to remove them.
