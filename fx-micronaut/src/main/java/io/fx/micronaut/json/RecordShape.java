package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.List;

/**
 * The field names of a kind of record, in order, with each name already written as a JSON member
 * prefix ({@code "name":}): built once per model, shared by every {@link RecordMap} of that shape.
 */
@Internal
public final class RecordShape {

    private final String[] names;
    private final byte[][] prefixes;

    /**
     * @param names the field names, in output order, without duplicates
     */
    public RecordShape(@NonNull List<String> names) {
        this.names = names.toArray(String[]::new);
        this.prefixes = new byte[this.names.length][];
        for (int i = 0; i < this.names.length; i++) {
            byte[] name = new PlainJsonWriter(value -> {
                throw new IllegalArgumentException("not a plain value");
            }, this.names[i].length() + 8).write(this.names[i]);
            byte[] prefix = new byte[name.length + 1];
            System.arraycopy(name, 0, prefix, 0, name.length);
            prefix[name.length] = ':';
            prefixes[i] = prefix;
        }
    }

    /** @return the number of fields */
    public int size() {
        return names.length;
    }

    /**
     * @param index a field position
     * @return its name
     */
    @NonNull
    public String name(int index) {
        return names[index];
    }

    /**
     * @param key a key
     * @return its position, or -1
     */
    int indexOf(Object key) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == key) {
                return i;
            }
        }
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    byte[] prefix(int index) {
        return prefixes[index];
    }

    @Override
    public String toString() {
        return String.join(",", names);
    }
}
