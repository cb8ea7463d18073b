package io.fx.examples.quickstart;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** The quickstart's one model, served at {@code /api/items}. */
// tag::model[]
@FxModel
public class Item extends BaseModel {
    @Fx("required, unique, filterable, sortable")
    private String name;
    @Fx("min:0, default:0, filterable, sortable")
    private long quantity;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public long getQuantity() { return quantity; }
    public void setQuantity(long quantity) { this.quantity = quantity; }
}
// end::model[]
