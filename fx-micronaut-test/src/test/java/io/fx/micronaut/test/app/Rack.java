package io.fx.micronaut.test.app;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** A rack, the required parent of a {@link Book}. */
@FxModel
public class Rack extends BaseModel {
    @Fx("required, unique, filterable")
    private String name;
    @Fx("min:1, default:10")
    private int capacity;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getCapacity() {
        return capacity;
    }

    public void setCapacity(int capacity) {
        this.capacity = capacity;
    }
}
