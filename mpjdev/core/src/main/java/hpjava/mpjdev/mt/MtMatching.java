package hpjava.mpjdev.mt;

import hpjava.mpjdev.Buffer;
import hpjava.mpjdev.BufferPool;

import java.lang.foreign.MemorySegment;

/**
 * Message matching of one mt job: a send meets a posted receive, or waits in the receiver's mailbox.
 *
 * <p>Messages up to {@link MtOptions#eagerLimit} bytes that find no posted receive are copied into a pooled staging
 * buffer and the send completes at once (eager); larger ones wait in the receiver's mailbox for the receiver to copy
 * straight from the sender's buffer (rendezvous), so each byte is copied once between the two buffers.
 */
final class MtMatching {
    private final long eagerLimit;
    private final BufferPool staging = new BufferPool(1024);

    MtMatching(MtOptions options) {
        this.eagerLimit = options.eagerLimit();
    }

    /** Starts a send: hands it to a posted receive, stages it (eager) or queues it (rendezvous). */
    void deliverOrQueue(MtRequest send) {
        MtContext ctx = send.comm.context;
        Mailbox mb = ctx.mailboxes[send.peer];
        int src = send.comm.id;
        Buffer buf = send.buffer;
        long len = buf.length();
        MtRequest recv;
        synchronized (mb) {
            recv = mb.takePosted(src, send.tag);
            if (recv == null) {
                UnexpectedMessage e = mb.newEnvelope(src, send.tag);
                if (len <= eagerLimit) {
                    Buffer staged = mb.stagingBuffer(len, staging);
                    MemorySegment.copy(buf.segment(), 0, staged.segment(), 0, len);
                    e.staged = staged;
                    e.length = len;
                    mb.append(e);
                    send.completeInline();
                } else {
                    e.sender = send;
                    mb.append(e);
                }
                return;
            }
        }
        copyInto(buf, len, recv, src, send.tag);
        recv.complete();
        send.completeInline();
    }

    /** Starts a receive: takes a matching unexpected message, or posts the receive. */
    void matchOrPost(MtRequest recv) {
        Mailbox mb = recv.comm.context.mailboxes[recv.comm.id];
        UnexpectedMessage e;
        int source, tag;
        MtRequest sender = null;
        synchronized (mb) {
            e = mb.takeUnexpected(recv.peer, recv.tag);
            if (e == null) {
                mb.post(recv);
                return;
            }
            source = e.source;
            tag = e.tag;
            if (e.staged != null) {
                Buffer staged = e.staged;
                long len = e.length;
                mb.recycle(e);
                copyInto(staged, len, recv, source, tag);
                mb.returnStagingBuffer(staged);
                recv.complete();
                return;
            }
            sender = e.sender;
            mb.recycle(e);
        }
        copyInto(sender.buffer, sender.buffer.length(), recv, source, tag);
        recv.complete();
        sender.complete();
    }

    /**
     * Copies a message into a started receive and records it there; the receive's owner validates it and fills in
     * its buffer and status when it observes completion ({@link MtRequest#finish()}), so the copying thread touches
     * only the data and the request (unless the buffer must grow).
     */
    private static void copyInto(Buffer from, long len, MtRequest recv, int source, int tag) {
        MemorySegment to = recv.segment;
        if (len > to.byteSize()) {
            recv.buffer.prepareReceive(len);
            to = recv.buffer.segment();
        }
        MemorySegment.copy(from.segment(), 0, to, 0, len);
        recv.delivered(source, tag);
    }
}
