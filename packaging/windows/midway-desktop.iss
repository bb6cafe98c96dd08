; Inno Setup script for the Windows installer (Inno Setup 6.3 or newer).
;
; build-windows.ps1 compiles it after the PyInstaller build, passing what it read from
; pyproject.toml and where the build is:
;
;   ISCC.exe /DAppVersion=0.1.0 /DAppNumericVersion=0.1.0.0 /DAppPublisher="..." /DBundleDir=...\build\dist\midway-desktop
;            /DOutputDir=...\out /DIconFile=...\build\icons\midway-desktop.ico midway-desktop.iss
;
; The installer puts the app in Program Files (or, without administrator rights, in the user's
; own programs folder), adds a Start-menu entry and, if asked, a desktop shortcut, and registers
; an uninstaller under Settings > Apps.

#ifndef AppVersion
  #error Define AppVersion (build-windows.ps1 reads it from pyproject.toml)
#endif
#ifndef AppPublisher
  #error Define AppPublisher (build-windows.ps1 reads it from packaging/project.toml)
#endif
#ifndef AppNumericVersion
  #define AppNumericVersion "0.0.0.0"
#endif
#ifndef BundleDir
  #define BundleDir "..\build\dist\midway-desktop"
#endif
#ifndef OutputDir
  #define OutputDir "..\out"
#endif
#ifndef IconFile
  #define IconFile "..\build\icons\midway-desktop.ico"
#endif

#define AppName "Midway Desktop"
#define AppExe "midway-desktop.exe"

[Setup]
; The AppId identifies the app across versions (upgrades replace, the uninstaller finds it): never change it.
AppId={{2D30D293-F61D-47FB-AF01-B5E5320BC10A}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher={#AppPublisher}
AppComments=Battle of Midway board wargames: Victory at Midway, CV, Kido Butai, Midway Solitaire
VersionInfoVersion={#AppNumericVersion}
VersionInfoProductVersion={#AppNumericVersion}
VersionInfoDescription={#AppName} installer
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Installs for everyone with administrator rights, or for the current user without them.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=midway-desktop-{#AppVersion}-windows-x64-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; The whole PyInstaller folder: midway-desktop.exe (the app), midway-desktop-cli.exe (the same
; program with a console, for `midway-desktop-cli --selftest` and the other commands) and _internal\.
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; A previous version's bundled libraries must not linger next to the new ones.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Battle of Midway board wargames"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
