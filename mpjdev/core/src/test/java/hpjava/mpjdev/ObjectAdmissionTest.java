package hpjava.mpjdev;

import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The object filter against known attack shapes: JDK gadget carriers (URLDNS's {@code URL} key, a dynamic proxy,
 * {@code PriorityQueue} with a foreign comparator), the tool chain's classes even when the program's loader defines
 * them, and resource bombs (the nesting bomb of shared {@code HashSet}s, a huge array length): each rejected with a
 * clear {@link ObjectRejectedException}, quickly; the program's own classes still travel.
 */
class ObjectAdmissionTest {

    private static ObjectRejectedException rejected(Object value) {
        try (Buffer b = Buffer.allocate(16)) {
            b.writeObject(value).rewind();
            return assertThrows(ObjectRejectedException.class, b::readObject);
        }
    }

    @Test
    void urlDnsShapeIsRejectedByName() throws Exception {
        HashMap<Object, String> m = new HashMap<>();
        m.put(URI.create("http://example.invalid/").toURL(), "x");
        assertEquals("java.net.URL", rejected(m).className());
    }

    /** A serializable handler of the program (admitted itself): the proxy's interfaces decide. */
    record Handler(int k) implements java.lang.reflect.InvocationHandler, Serializable {
        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) { return 0; }
    }

    @Test
    void aProxyForAForeignInterfaceIsRejected() {
        Object p = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {javax.management.DynamicMBean.class, Serializable.class},
                new Handler(1));
        String name = rejected(p).className();
        assertTrue(name.contains("DynamicMBean") || name.contains("Proxy"), name);
    }

    /** A comparator class from the JDK that is not a value type. */
    @Test
    void priorityQueueWithAForeignComparatorIsRejected() {
        PriorityQueue<String> q = new PriorityQueue<>((Comparator<String> & Serializable) String::compareTo);
        q.add("a");
        q.add("b");
        String name = rejected(q).className();
        assertTrue(name.startsWith("java.lang.invoke.SerializedLambda") || name.contains("$$Lambda"), name);
    }

    @Test
    void toolChainClassesAreRejectedEvenFromTheProgramsLoader() {
        assertEquals("org.objectweb.asm.ToolChainValue", rejected(new org.objectweb.asm.ToolChainValue(3)).className());
        assertEquals("org.objectweb.asm.ToolChainValue", rejected(List.of(new org.objectweb.asm.ToolChainValue(3))).className());
    }

    @Test
    void theNestingBombIsRejectedQuickly() {
        Set<Object> root = new HashSet<>();
        Set<Object> s1 = root, s2 = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            Set<Object> t1 = new HashSet<>(), t2 = new HashSet<>();
            t1.add("x");
            s1.add(t1);
            s1.add(t2);
            s2.add(t1);
            s2.add(t2);
            s1 = t1;
            s2 = t2;
        }
        ObjectRejectedException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> rejected(root));
        assertTrue(e.getMessage().contains("nesting depth exceeds " + ObjectAdmission.MAX_DEPTH), e.getMessage());
    }

    @Test
    void anArrayOverTheLengthLimitIsRejected() {
        // the length is checked from the stream before the array is allocated: a forged length costs nothing
        ObjectRejectedException e = rejected(new boolean[ObjectAdmission.MAX_ARRAY_LENGTH + 1]);
        assertTrue(e.getMessage().contains("exceeds " + ObjectAdmission.MAX_ARRAY_LENGTH), e.getMessage());
    }

    record Node(int v, Node next) implements Serializable {}

    @Test
    void theProgramsOwnClassesWithinTheLimitsTravel() {
        Node n = null;
        for (int i = 0; i < ObjectAdmission.MAX_DEPTH - 2; i++) n = new Node(i, n);
        try (Buffer b = Buffer.allocate(16)) {
            b.writeObject(n).rewind();
            assertEquals(n, b.readObject());
        }
    }
}
