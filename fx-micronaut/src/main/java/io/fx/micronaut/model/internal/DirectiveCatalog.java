package io.fx.micronaut.model.internal;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDirective;
import io.micronaut.core.annotation.Internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every registered {@link FieldDirective}: the core's and those modules contribute as beans. Built once at
 * startup; two directives with one name fail startup.
 */
@Internal
final class DirectiveCatalog {

    /** Directives of the specification that a module provides; without that module, using one fails startup. */
    private static final List<String> PROVIDED_BY_MODULES = List.of("file", "max_size", "accept", "auto_delete",
        "encrypted", "key", "versioned", "scheduled");

    private final Map<String, FieldDirective> byName;

    private DirectiveCatalog(Map<String, FieldDirective> byName) {
        this.byName = byName;
    }

    /** @return the core's directives only */
    static DirectiveCatalog core() {
        return of(List.of());
    }

    /**
     * @param contributed directives declared as beans
     * @return the core's directives and the contributed ones
     */
    static DirectiveCatalog of(Collection<? extends FieldDirective> contributed) {
        Map<String, FieldDirective> byName = new LinkedHashMap<>();
        List<FieldDirective> all = new ArrayList<>(CoreDirectives.all());
        all.addAll(contributed);
        for (FieldDirective directive : all) {
            String name = directive.name();
            if (name == null || !name.matches("[A-Za-z][A-Za-z0-9_]*")) {
                throw new FxConfigurationException("Directive " + directive.getClass().getName() + " has the name '" + name
                    + "': a directive name is a letter followed by letters, digits and underscores");
            }
            FieldDirective earlier = byName.putIfAbsent(name, directive);
            if (earlier != null) {
                throw new FxConfigurationException("Two directives are named '" + name + "': "
                    + earlier.getClass().getName() + " and " + directive.getClass().getName());
            }
        }
        return new DirectiveCatalog(Map.copyOf(byName));
    }

    Optional<FieldDirective> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** @return whether the name belongs to a feature module that is not present */
    boolean isProvidedByAbsentModule(String name) {
        return !byName.containsKey(name) && PROVIDED_BY_MODULES.contains(name);
    }

    /**
     * @param unknown an unknown directive name
     * @return the registered directive name closest to it by edit distance
     */
    String closest(String unknown) {
        String lower = unknown.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String name : byName.keySet().stream().sorted().toList()) {
            int distance = editDistance(lower, name.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = name;
            }
        }
        return best;
    }

    /**
     * @param unknown an unknown directive name
     * @return the directive it misspells, when that directive makes near-misses fatal
     *         ({@link FieldDirective#nearMissFatal()}) and the name is within a third of its length of it
     */
    Optional<FieldDirective> fatalNearMiss(String unknown) {
        String lower = unknown.toLowerCase(Locale.ROOT);
        return byName.values().stream().filter(FieldDirective::nearMissFatal)
            .filter(d -> typoDistance(lower, d.name().toLowerCase(Locale.ROOT)) <= Math.max(1, d.name().length() / 3))
            .min(java.util.Comparator.comparingInt((FieldDirective d) -> typoDistance(lower, d.name().toLowerCase(Locale.ROOT)))
                .thenComparing(FieldDirective::name));
    }

    /** Edit distance in which swapping two adjacent letters ({@code kye}) is one typo, not two. */
    private static int typoDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] swap = prev;
            prev = cur;
            cur = swap;
        }
        return prev[b.length()];
    }
}
