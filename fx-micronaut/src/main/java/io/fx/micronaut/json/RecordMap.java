package io.fx.micronaut.json;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A record as a {@code Map}: one value per field of its {@link RecordShape}, every field present (a
 * missing value is null), in the shape's order. Reading and replacing values works on an array, with no
 * hashing and no entry objects; {@link PlainJsonWriter} writes it with the shape's prepared member
 * prefixes. Adding or removing a key turns it into an ordinary {@link LinkedHashMap} inside, so it
 * stays a complete, mutable map for middleware and accessors.
 */
@Internal
public final class RecordMap extends AbstractMap<String, Object> {

    private final RecordShape shape;
    private final Object[] values;
    private LinkedHashMap<String, Object> expanded;

    /**
     * @param shape the fields
     */
    public RecordMap(@NonNull RecordShape shape) {
        this(shape, new Object[shape.size()]);
    }

    private RecordMap(RecordShape shape, Object[] values) {
        this.shape = shape;
        this.values = values;
    }

    /**
     * @param index a field position of the shape
     * @param value its value
     */
    public void set(int index, Object value) {
        if (expanded != null) {
            expanded.put(shape.name(index), value);
        } else {
            values[index] = value;
        }
    }

    /**
     * @param index a field position of the shape
     * @return its value
     */
    public Object value(int index) {
        return expanded != null ? expanded.get(shape.name(index)) : values[index];
    }

    /** @return a copy of the same shape (or an expanded copy, when keys were added or removed) */
    @NonNull
    public Map<String, Object> copy() {
        if (expanded != null) {
            return new LinkedHashMap<>(expanded);
        }
        return new RecordMap(shape, values.clone());
    }

    /** @return the shape it was made with */
    @NonNull
    public RecordShape shape() {
        return shape;
    }

    /** @return whether it still holds exactly its shape's fields (nothing added or removed) */
    public boolean isCompact() {
        return expanded == null;
    }

    @Override
    public int size() {
        return expanded != null ? expanded.size() : values.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return expanded != null ? expanded.containsKey(key) : shape.indexOf(key) >= 0;
    }

    @Override
    public Object get(Object key) {
        if (expanded != null) {
            return expanded.get(key);
        }
        int index = shape.indexOf(key);
        return index < 0 ? null : values[index];
    }

    @Override
    public Object put(String key, Object value) {
        if (expanded == null) {
            int index = shape.indexOf(key);
            if (index >= 0) {
                Object previous = values[index];
                values[index] = value;
                return previous;
            }
            expand();
        }
        return expanded.put(key, value);
    }

    @Override
    public Object remove(Object key) {
        if (expanded == null) {
            if (shape.indexOf(key) < 0) {
                return null;
            }
            expand();
        }
        return expanded.remove(key);
    }

    @Override
    public void clear() {
        expand();
        expanded.clear();
    }

    private void expand() {
        if (expanded == null) {
            LinkedHashMap<String, Object> map = new LinkedHashMap<>(values.length * 2);
            for (int i = 0; i < values.length; i++) {
                map.put(shape.name(i), values[i]);
            }
            expanded = map;
        }
    }

    @Override
    @NonNull
    public Set<Entry<String, Object>> entrySet() {
        if (expanded != null) {
            return expanded.entrySet();
        }
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, Object>> iterator() {
                if (expanded != null) {
                    return expanded.entrySet().iterator();
                }
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < values.length;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (next >= values.length) {
                            throw new NoSuchElementException();
                        }
                        return new FieldEntry(next++);
                    }
                };
            }

            @Override
            public int size() {
                return RecordMap.this.size();
            }
        };
    }

    /** One field, reading and writing through to the array. */
    private final class FieldEntry implements Entry<String, Object> {

        private final int index;

        FieldEntry(int index) {
            this.index = index;
        }

        @Override
        public String getKey() {
            return shape.name(index);
        }

        @Override
        public Object getValue() {
            return value(index);
        }

        @Override
        public Object setValue(Object value) {
            Object previous = value(index);
            set(index, value);
            return previous;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Entry<?, ?> entry && getKey().equals(entry.getKey())
                && Objects.equals(getValue(), entry.getValue());
        }

        @Override
        public int hashCode() {
            return getKey().hashCode() ^ Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }
}
