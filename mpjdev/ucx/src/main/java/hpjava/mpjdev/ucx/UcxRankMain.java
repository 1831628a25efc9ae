package hpjava.mpjdev.ucx;

import hpjava.mpjdev.watch.RankReporter;
import hpjava.mpjdev.LaunchSpec;
import hpjava.mpjdev.spi.ProgramRunner;
import hpjava.mpjdev.ucx.ffm.UcxUnavailableException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The main class of one rank process of a ucx job, started by {@link UcxJobLauncher}:
 * {@code UcxRankMain MainClass [args...]} with the job described in the environment ({@link Bootstrap}).
 * Connects to the launcher, opens the device, exchanges worker addresses, runs the program through
 * {@link ProgramRunner}, then reports DONE and keeps serving its peers until the launcher says every rank is done.
 * Exit status: 0, 1 when the program failed or the job aborted, 3 when UCX cannot be used here.
 */
public final class UcxRankMain {
    private UcxRankMain() {}

    private static volatile boolean allDone;
    private static volatile boolean aborted;
    /** Set before this rank closes its own connection, so that the control thread exits quietly. */
    private static volatile boolean leaving;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    private static int run(String[] args) {
        int rank = intEnv(Bootstrap.ENV_RANK);
        int size = intEnv(Bootstrap.ENV_SIZE);
        int port = intEnv(Bootstrap.ENV_PORT);
        int localRanks = intEnv(Bootstrap.ENV_LOCAL_RANKS);
        byte[] secret = Bootstrap.parseSecret(System.getenv(Bootstrap.ENV_SECRET));
        if (args.length < 1) throw new IllegalStateException("usage: UcxRankMain MainClass [args...]");

        UcxDevice device;
        try {
            device = UcxDevice.open(rank, size, localRanks);
        } catch (UcxUnavailableException e) {
            System.err.println("mpjdev: rank " + rank + ": the ucx backend cannot run here: " + e.getMessage());
            return 3;
        }
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setTcpNoDelay(true);
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            Bootstrap.writeHello(out, secret, rank, device.address());
            device.connect(Bootstrap.readAddresses(in, size));
            startControlThread(in, device, rank, size);

            LaunchSpec spec = new LaunchSpec(size, args[0], Arrays.asList(args).subList(1, args.length),
                    programClassPath(), false, false, Map.of());
            RankReporter reporter = RankReporter.start(rank, device.activity, Thread.currentThread());
            int status = ProgramRunner.runProcessRank(UcxComm.world(device), spec);
            if (reporter != null) reporter.finished();
            if (status != 0) {
                leaving = true;
                return status; // the launcher sees the exit and aborts the job
            }

            Bootstrap.writeDone(out, device.finishReport()); // the only write after HELLO: no lock needed
            device.progressUntil(() -> allDone || aborted); // peers may still fetch rendezvous data from us
            leaving = true;
            device.close();
            return aborted ? 1 : 0;
        } catch (IOException e) {
            System.err.println("mpjdev: rank " + rank + ": lost the connection to the ucx launcher: " + e);
            return 1;
        }
    }

    /** Reads the launcher's control messages; if the launcher goes away, the rank must not outlive the job. */
    private static void startControlThread(DataInputStream in, UcxDevice device, int rank, int size) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    switch (Bootstrap.readControl(in, size)) {
                        case Bootstrap.Finished f ->
                                device.peerFinished(f.peer(), f.sentToYou(), f.deliveredOfYours(), f.untaken());
                        case Bootstrap.Abort a -> {
                            aborted = true;
                            device.abort(a.reason());
                        }
                        case Bootstrap.AllDone d -> {
                            allDone = true;
                            return;
                        }
                    }
                }
            } catch (EOFException e) {
                if (!allDone && !leaving) halt(rank, "the ucx launcher has gone away");
            } catch (IOException e) {
                if (!allDone && !leaving) halt(rank, "lost the connection to the ucx launcher: " + e);
            }
        }, "hpjava-ucx-control");
        t.setDaemon(true);
        t.start();
    }

    private static void halt(int rank, String why) {
        System.err.println("mpjdev: rank " + rank + ": " + why + "; exiting");
        System.err.flush();
        Runtime.getRuntime().halt(1);
    }

    private static List<Path> programClassPath() {
        String cp = System.getenv(Bootstrap.ENV_PROGRAM_CLASS_PATH);
        List<Path> out = new ArrayList<>();
        if (cp == null || cp.isEmpty()) return out;
        for (String e : cp.split(File.pathSeparator)) if (!e.isEmpty()) out.add(Path.of(e));
        return out;
    }

    private static int intEnv(String name) {
        String v = System.getenv(name);
        if (v == null) {
            throw new IllegalStateException(name + " is not set: UcxRankMain is started by the ucx launcher "
                    + "(hpjava run --backend ucx), not by hand");
        }
        return Integer.parseInt(v.trim());
    }
}
