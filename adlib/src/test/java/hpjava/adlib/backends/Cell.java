package hpjava.adlib.backends;

import java.io.Serializable;

/** The element of the {@code Object} arrays in {@link AdlibCheck}: a program class, moved by serialization. */
record Cell(int k, String s) implements Serializable {
}
