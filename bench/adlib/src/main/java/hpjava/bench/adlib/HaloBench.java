package hpjava.bench.adlib;

import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.Launcher;

/**
 * writeHalo of an N x N float array (ghost width 1, ExtBlockRange on both dimensions of a near-square grid) against
 * a hand-written exchange of the same edges over mpjdev, in the same run, interleaved A/B/A/B; medians. Runs one mt
 * job per process count. Usage: {@code HaloBench [n=2048] [np=2,4] [rounds=31] [calls=20]}.
 */
public final class HaloBench {
    private HaloBench() {}

    public static void main(String[] args) {
        int n = 2048, rounds = 31, calls = 20;
        String nps = "2,4";
        for (String a : args) {
            String[] kv = a.split("=", 2);
            if (kv.length != 2) usage("bad argument '" + a + "'");
            switch (kv[0]) {
                case "n" -> n = Integer.parseInt(kv[1]);
                case "np" -> nps = kv[1];
                case "rounds" -> rounds = Integer.parseInt(kv[1]);
                case "calls" -> calls = Integer.parseInt(kv[1]);
                default -> usage("unknown option '" + kv[0] + "'");
            }
        }
        System.out.println("| np | array | Adlib.writeHalo(a) (us) | new WriteHalo(a).execute() (us) | hand-written mpjdev (us) "
                + "| ratio writeHalo/hand | ratio schedule/hand |");
        System.out.println("|---|---|---|---|---|---|---|");
        int rc = 0;
        for (String np : nps.split(",")) {
            int p = Integer.parseInt(np.trim());
            rc |= Launcher.launch("mt", LaunchSpec.of(p, HaloRank.class.getName(), String.valueOf(n), String.valueOf(rounds), String.valueOf(calls)));
        }
        if (rc != 0) System.exit(1);
    }

    private static void usage(String why) {
        System.err.println("HaloBench: " + why + "\nusage: HaloBench [n=2048] [np=2,4] [rounds=31] [calls=20]");
        System.exit(2);
    }
}
