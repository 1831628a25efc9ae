# Sourced by bench/mpi's scripts after bin/hpjava-env.sh: BINDINGS, the Open MPI Java bindings jar that
# bin/setup-mpi.sh installs; JNI_DIR, the directory of its JNI library (named in the jar's manifest); MPIRUN, mpirun
# for 2 ranks on this host (as root, with --allow-run-as-root).
BINDINGS="$HOME/.m2/repository/org/open-mpi/mpi/installed/mpi-installed.jar"
JNI_DIR=$(dirname "$(unzip -p "$BINDINGS" META-INF/MANIFEST.MF | tr -d '\r' | sed -n 's/^HPJava-JNI-Library: //p')")
if [ "$(id -u)" = 0 ]; then
  MPIRUN=(mpirun --allow-run-as-root --oversubscribe -np 2)
else
  MPIRUN=(mpirun --oversubscribe -np 2)
fi
