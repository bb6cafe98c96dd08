<#
.SYNOPSIS
    Build the Windows installer (Inno Setup) and a portable .zip from one PyInstaller build.

.DESCRIPTION
    Run from anywhere on a Windows machine with Python 3.11 or newer and Inno Setup 6.3 or newer:

        powershell -ExecutionPolicy Bypass -File packaging\build-windows.ps1

    Everything intermediate goes to packaging\build\ (its own venv, icons, PyInstaller work and
    dist folders); the installer and the .zip go to packaging\out\. Both are ignored by git.
    The built program is self-tested offscreen, then the installer is installed silently into
    a temporary folder, self-tested there and uninstalled again.

.PARAMETER Python
    Interpreter for the build venv (default: python).

.PARAMETER Iscc
    Path of Inno Setup's ISCC.exe (default: found on PATH or in the usual install folders).

.PARAMETER SizeLimitMB
    Fail if the unpacked app is bigger (default 0: only report).

.PARAMETER SkipInstallerTest
    Do not install and uninstall the built installer.
#>
param(
    [string]$Python = "python",
    [string]$Iscc = "",
    [int]$SizeLimitMB = 0,
    [switch]$SkipInstallerTest
)

$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

function Step([string]$Text) { Write-Host ""; Write-Host "==> $Text" }

function Invoke-Native {
    # Run a program with the given arguments and stop on a non-zero exit code (PowerShell does
    # not for native programs). A simple function: arguments such as -m or --quiet pass through.
    $exe = $args[0]
    $rest = @($args | Select-Object -Skip 1)
    & $exe @rest
    if ($LASTEXITCODE -ne 0) { throw "$exe $($rest -join ' ') failed with exit code $LASTEXITCODE" }
}

$Here = $PSScriptRoot
$Root = Split-Path -Parent $Here
$Build = Join-Path $Here "build"
$Out = Join-Path $Here "out"
New-Item -ItemType Directory -Force -Path $Build, $Out | Out-Null
Set-Location $Root

Step "build environment ($Build\venv)"
Invoke-Native $Python -c "import sys; sys.exit(0 if sys.version_info >= (3, 11) else 'Python 3.11 or newer is needed')"
$Vpy = Join-Path $Build "venv\Scripts\python.exe"
if (-not (Test-Path $Vpy)) { Invoke-Native $Python -m venv (Join-Path $Build "venv") }
Invoke-Native $Vpy -m pip install --quiet --upgrade pip
# MIDWAY_COMPILE: the installers ship the compiled rules; a failed compile stops the build.
$env:MIDWAY_COMPILE = "1"
Invoke-Native $Vpy -m pip install --quiet $Root -r (Join-Path $Here "requirements-build.txt")
Remove-Item Env:MIDWAY_COMPILE
$Version = (& $Vpy (Join-Path $Here "version.py")).Trim()
$NumericVersion = (& $Vpy (Join-Path $Here "version.py") --numeric).Trim()
$Publisher = (& $Vpy (Join-Path $Here "version.py") --field publisher).Trim()  # packaging/project.toml
Invoke-Native $Vpy -c "import PySide6, PyInstaller, sys; print(f'Python {sys.version.split()[0]}, PySide6 {PySide6.__version__}, PyInstaller {PyInstaller.__version__}')"
Write-Host "midway-desktop $Version"

Step "PyInstaller (one-folder build)"
foreach ($dir in "dist", "work") {
    $path = Join-Path $Build $dir
    if (Test-Path $path) { Remove-Item -Recurse -Force $path }
}
# -P: the working folder (the source tree) stays off the module path, so the bundle takes the
# package installed above, compiled, and not the tree's uncompiled modules.
Invoke-Native $Vpy -P -m PyInstaller --noconfirm --clean --log-level WARN `
    --distpath (Join-Path $Build "dist") --workpath (Join-Path $Build "work") (Join-Path $Here "midway-desktop.spec")
$Bundle = Join-Path $Build "dist\midway-desktop"
$Cli = Join-Path $Bundle "midway-desktop-cli.exe"
if (-not (Test-Path (Join-Path $Bundle "midway-desktop.exe")) -or -not (Test-Path $Cli)) {
    throw "PyInstaller did not produce midway-desktop.exe and midway-desktop-cli.exe in $Bundle"
}

Step "self-test of the built program (offscreen)"
$env:QT_QPA_PLATFORM = "offscreen"
Remove-Item Env:MIDWAY_RULESETS -ErrorAction SilentlyContinue
Push-Location $env:TEMP
try {
    Invoke-Native $Cli --selftest
    Invoke-Native $Cli --version
} finally { Pop-Location }

$SizeMB = [math]::Round(((Get-ChildItem -Recurse -File $Bundle | Measure-Object -Sum Length).Sum) / 1MB)
Step "unpacked size: $SizeMB MB ($Bundle)"
if ($SizeLimitMB -gt 0 -and $SizeMB -gt $SizeLimitMB) { throw "the unpacked app is $SizeMB MB, over the $SizeLimitMB MB limit" }

Step "portable .zip"
$Zip = Join-Path $Out "midway-desktop-$Version-windows-x64.zip"
if (Test-Path $Zip) { Remove-Item -Force $Zip }
Compress-Archive -Path $Bundle -DestinationPath $Zip

Step "Inno Setup installer"
if (-not $Iscc) {
    $candidates = @(
        (Get-Command iscc.exe -ErrorAction SilentlyContinue | Select-Object -ExpandProperty Source -First 1),
        (Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe"),
        (Join-Path $env:ProgramFiles "Inno Setup 6\ISCC.exe"),
        (Join-Path $env:LOCALAPPDATA "Programs\Inno Setup 6\ISCC.exe")
    ) | Where-Object { $_ -and (Test-Path $_) }
    $Iscc = if (@($candidates).Count -gt 0) { @($candidates)[0] } else { "" }
}
if (-not $Iscc) { throw "Inno Setup's ISCC.exe was not found: install Inno Setup 6 (winget install JRSoftware.InnoSetup) or pass -Iscc" }
Invoke-Native $Iscc /Q `
    "/DAppVersion=$Version" "/DAppNumericVersion=$NumericVersion" "/DAppPublisher=$Publisher" `
    "/DBundleDir=$Bundle" "/DOutputDir=$Out" "/DIconFile=$(Join-Path $Build 'icons\midway-desktop.ico')" `
    (Join-Path $Here "windows\midway-desktop.iss")
$Setup = Join-Path $Out "midway-desktop-$Version-windows-x64-setup.exe"
if (-not (Test-Path $Setup)) { throw "Inno Setup did not write $Setup" }

if (-not $SkipInstallerTest) {
    Step "install silently, self-test the installed program, uninstall"
    $Target = Join-Path $env:TEMP "midway-desktop-install-test"
    if (Test-Path $Target) { Remove-Item -Recurse -Force $Target }
    $p = Start-Process -FilePath $Setup -Wait -PassThru -ArgumentList `
        "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER", "/DIR=`"$Target`""
    if ($p.ExitCode -ne 0) { throw "the installer failed with exit code $($p.ExitCode)" }
    Push-Location $env:TEMP
    try { Invoke-Native (Join-Path $Target "midway-desktop-cli.exe") --selftest } finally { Pop-Location }
    $Uninstaller = Join-Path $Target "unins000.exe"
    $p = Start-Process -FilePath $Uninstaller -Wait -PassThru -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART"
    if ($p.ExitCode -ne 0) { throw "the uninstaller failed with exit code $($p.ExitCode)" }
    Write-Host "installed, self-tested and uninstalled"
}

Step "done"
foreach ($file in $Setup, $Zip) {
    "{0,-60} {1,6:N1} MB" -f (Split-Path -Leaf $file), ((Get-Item $file).Length / 1MB) | Write-Host
}
Write-Host "unpacked: $SizeMB MB; installers in $Out"
