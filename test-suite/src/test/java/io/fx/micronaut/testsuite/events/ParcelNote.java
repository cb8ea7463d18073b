package io.fx.micronaut.testsuite.events;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/** Events test model: loses its parcel when that is deleted ({@code onDelete:setNull}). */
@FxModel
public class ParcelNote extends BaseModel {

    @Fx("onDelete:setNull")
    private String parcelId;
    private String text;

    public String getParcelId() { return parcelId; }
    public void setParcelId(String parcelId) { this.parcelId = parcelId; }
    public String getText() { return text; }
    public void setText(String text) { this.text = text; }
}
