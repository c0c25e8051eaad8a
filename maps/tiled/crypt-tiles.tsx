<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="Crypt Tiles" tilewidth="16" tileheight="16" tilecount="8" columns="8">
 <image source="crypt-tiles.png" width="128" height="16"/>
 <tile id="2" type="coffin"/>
 <tile id="4">
  <properties>
   <property name="liquid" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
