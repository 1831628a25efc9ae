package hpjava.lang;

/**
 * Marker interface of HPJava 1.0 for classes using the HPJava extensions. No longer required (docs/LANGUAGE.md#source-files): any class of
 * a {@code .hpj} file may use them; kept so that HPJava 1.0 programs that implement it compile unchanged.
 */
public interface HPspmd {
}
