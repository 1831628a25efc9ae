package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;

/** An unexpected message in a mailbox: staged (eager, {@code staged}) or the sender's pending request (rendezvous). */
final class UnexpectedMessage {
    int source;
    int tag;
    Buffer staged;
    long length;
    MtRequest sender;
    UnexpectedMessage next;
}
