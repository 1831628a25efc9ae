package hpjava.mpjdev.ucx;

/**
 * What a rank reports when its program has finished (it will post no more receives), indexed by world rank: the
 * messages it sent to that rank, the messages from that rank delivered to it in order, and the sequence numbers of
 * those among them that no receive took. Built by {@link UcxDevice#finishReport()}, carried by the DONE message of
 * {@link Bootstrap}.
 */
record FinishReport(int[] sent, int[] delivered, int[][] unconsumed) {}
