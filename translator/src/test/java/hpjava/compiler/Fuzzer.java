package hpjava.compiler;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A grammar-aware mutator of .hpj sources: splits a seed into Java/HPJava tokens and deletes, duplicates, swaps or
 * inserts tokens (HPJava's own among them: {@code [[ ]]}, {@code overall}, {@code on}, {@code at}, the backquote), or
 * splices a token run from another seed. Deterministic for a given {@link Random}.
 */
final class Fuzzer {
    private static final Pattern TOKEN = Pattern.compile(
            "\\s+|//[^\\n]*|/\\*.*?\\*/|\"(?:[^\"\\\\\\n]|\\\\.)*\"|'(?:[^'\\\\\\n]|\\\\.)*'|\\[\\[|\\]\\]|[A-Za-z_$][A-Za-z0-9_$]*|[0-9][0-9.eEfFdDlLxX]*|.",
            Pattern.DOTALL);

    private static final String[] DICTIONARY = {"overall", "on", "at", "for", "[[", "]]", "[[-]]", "[[-,-]]", "[[*]]",
            "`", ":", "(", ")", "{", "}", "[", "]", ";", ",", "=", "+", "-", "*", "<", ">", "new", "int", "double",
            "float", "Range", "BlockRange", "Procs1", "Procs2", "Group", "Adlib", ".", "x", "y", "i", "j", "a", "p",
            "0", "1", "-1", "null", "this", "return", "if", "else", "while", "class", "static", "void", "\n", " ",
            "x[0]", "a[i, j]", "i`", "p.dim(0)", "Adlib.sum(a)", "new float [[x]]", "overall (i = x for :)",
            "at (i = x[1])", "on (p)", "ghost", "1 : N - 2", "String[] args"};

    private final List<List<String>> seeds = new ArrayList<>();
    private final Random random;

    Fuzzer(List<String> seedTexts, Random random) {
        for (String s : seedTexts) seeds.add(tokens(s));
        this.random = random;
    }

    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) out.add(m.group());
        return out;
    }

    /** A new input: a random seed with 1 to 8 mutations. */
    String next() {
        List<String> t = new ArrayList<>(seeds.get(random.nextInt(seeds.size())));
        int n = 1 + random.nextInt(8);
        for (int k = 0; k < n; k++) mutate(t);
        return String.join("", t);
    }

    private void mutate(List<String> t) {
        int size = t.size();
        if (size == 0) {
            t.add(DICTIONARY[random.nextInt(DICTIONARY.length)]);
            return;
        }
        int at = random.nextInt(size);
        switch (random.nextInt(6)) {
            case 0 -> t.remove(at);
            case 1 -> t.add(at, t.get(random.nextInt(size)));
            case 2 -> {
                int other = random.nextInt(size);
                String s = t.get(at);
                t.set(at, t.get(other));
                t.set(other, s);
            }
            case 3, 4 -> t.add(at, DICTIONARY[random.nextInt(DICTIONARY.length)]);
            default -> {
                List<String> donor = seeds.get(random.nextInt(seeds.size()));
                int from = random.nextInt(donor.size()), len = Math.min(donor.size() - from, 1 + random.nextInt(40));
                t.addAll(at, donor.subList(from, from + len));
            }
        }
    }
}
