package hpjava.mpi.conformance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mpi.MPI;
import mpi.MPIException;

/**
 * The conformance program of the {@code mpi} API, area by area: run it as an MPI job on any backend and process
 * count ({@code hpjava run --np N --backend B -cp ... hpjava.mpi.conformance.Conformance [AREA...]}). Each area
 * checks results against what MPI defines and throws on the first difference; rank 0 prints {@code ok AREA} after
 * every rank has passed it, and {@code DONE n areas} at the end.
 */
public final class Conformance {

    interface Area {
        void run() throws MPIException;
    }

    static final Map<String, Area> AREAS = new LinkedHashMap<>();

    static {
        AREAS.put("environment", EnvironmentCases::run);
        AREAS.put("point-to-point", PointToPointCases::run);
        AREAS.put("status-requests", RequestCases::run);
        AREAS.put("collectives", CollectiveCases::run);
        AREAS.put("nonblocking-collectives", CollectiveCases::runNonblocking);
        AREAS.put("communicators-groups", CommunicatorCases::run);
        AREAS.put("topologies", CommunicatorCases::runTopologies);
        AREAS.put("datatypes", DatatypeCases::run);
        AREAS.put("ops", DatatypeCases::runOps);
        AREAS.put("errors", ErrorCases::run);
        AREAS.put("mpijava", MpiJavaCases::run);
    }

    private Conformance() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        List<String> names = args.length == 0 ? List.copyOf(AREAS.keySet()) : List.of(args);
        for (String name : names) {
            Area a = AREAS.get(name);
            if (a == null) throw new IllegalArgumentException("no area '" + name + "'; areas: " + AREAS.keySet());
            a.run();
            MPI.COMM_WORLD.barrier();
            if (MPI.COMM_WORLD.getRank() == 0) System.out.println("ok " + name);
        }
        if (MPI.COMM_WORLD.getRank() == 0) System.out.println("DONE " + names.size() + " areas");
        MPI.Finalize();
    }
}
