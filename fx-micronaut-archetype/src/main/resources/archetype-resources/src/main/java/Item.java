package ${package};

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** An item, served at {@code /api/items}: a required, unique name and a quantity that is never negative. */
@FxModel
public class Item extends BaseModel {
    @Fx("required, unique, filterable, sortable")
    private String name;
    @Fx("min:0, default:0, filterable")
    private int quantity;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public int getQuantity() {
        return quantity;
    }

    public void setQuantity(int quantity) {
        this.quantity = quantity;
    }
}
