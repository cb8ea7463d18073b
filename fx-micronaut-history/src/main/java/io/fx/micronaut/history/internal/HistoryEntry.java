package io.fx.micronaut.history.internal;

import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RecordRenderer;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a history row records of one write: the operation, the diff and the snapshot, both over the record as a
 * read renders it without the redaction set (fields that are not readable, or redacted, never appear).
 *
 * <ul>
 *     <li>create: every non-null field, {@code {old: null, new: value}};</li>
 *     <li>update: every field whose value differs between the stored record before and after the write, compared
 *     by value (numbers by magnitude, so {@code 1} equals {@code 1.0}; JSON deeply, objects in any key order);</li>
 *     <li>delete (soft or hard): every field, {@code {old: value, new: null}}, nulls included.</li>
 * </ul>
 * {@code id} is left out of the diff; the snapshot (the record after the write, before it for a delete) keeps it.
 *
 * @param operation {@code create}, {@code update} or {@code delete}
 * @param diff      the changed fields by JSON name
 * @param snapshot  the rendered record
 */
record HistoryEntry(String operation, Map<String, Object> diff, Map<String, Object> snapshot) {

    static HistoryEntry of(RecordChange change, RecordRenderer renderer) {
        ModelDescriptor model = change.getModel();
        Map<String, Object> before = change.getBefore().map(r -> renderer.renderRedacted(model, r)).orElse(Map.of());
        Map<String, Object> after = change.getAfter().map(r -> renderer.renderRedacted(model, r)).orElse(Map.of());
        WriteOperation operation = change.getOperation();
        Map<String, Object> diff = new LinkedHashMap<>();
        switch (operation) {
            case CREATE -> after.forEach((field, value) -> {
                if (value != null && !field.equals("id")) {
                    diff.put(field, change(null, value));
                }
            });
            case UPDATE -> after.forEach((field, value) -> {
                Object old = before.get(field);
                if (!field.equals("id") && !sameValue(old, value)) {
                    diff.put(field, change(old, value));
                }
            });
            case DELETE -> before.forEach((field, value) -> {
                if (!field.equals("id")) {
                    diff.put(field, change(value, null));
                }
            });
        }
        Map<String, Object> snapshot = operation == WriteOperation.DELETE ? before : after;
        return new HistoryEntry(operation.name().toLowerCase(java.util.Locale.ROOT), diff, snapshot);
    }

    private static Map<String, Object> change(Object old, Object value) {
        Map<String, Object> pair = new LinkedHashMap<>(4);
        pair.put("old", old);
        pair.put("new", value);
        return pair;
    }

    /** Equality by value: numbers by magnitude, maps in any key order, lists in order, all the way down. */
    static boolean sameValue(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Number x && b instanceof Number y) {
            if (!finite(x) || !finite(y)) {
                return Double.compare(x.doubleValue(), y.doubleValue()) == 0;
            }
            return decimal(x).compareTo(decimal(y)) == 0;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> entry : x.entrySet()) {
                if (!y.containsKey(entry.getKey()) || !sameValue(entry.getValue(), y.get(entry.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Collection<?> x && b instanceof Collection<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> left = x.iterator();
            Iterator<?> right = y.iterator();
            while (left.hasNext()) {
                if (!sameValue(left.next(), right.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Object[] x && b instanceof Object[] y) {
            return sameValue(java.util.Arrays.asList(x), java.util.Arrays.asList(y));
        }
        return a.equals(b);
    }

    private static boolean finite(Number number) {
        return !(number instanceof Double || number instanceof Float) || Double.isFinite(number.doubleValue());
    }

    private static BigDecimal decimal(Number number) {
        if (number instanceof BigDecimal d) {
            return d;
        }
        if (number instanceof Double || number instanceof Float) {
            return BigDecimal.valueOf(number.doubleValue());
        }
        return new BigDecimal(number.toString());
    }
}
