package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Events test model: deleted with its parcel ({@code onDelete:cascade}). */
@FxModel
public class ParcelTag extends BaseModel {

    @Fx("onDelete:cascade")
    private String parcelId;
    private String name;

    public String getParcelId() { return parcelId; }
    public void setParcelId(String parcelId) { this.parcelId = parcelId; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
}
